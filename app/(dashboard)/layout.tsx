import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Providers } from "@/components/providers";
import { currentUser } from "@/lib/dashboard/session";
import { devOutboxOn } from "@/lib/dashboard/dev-outbox";

/**
 * Shell for the dashboard, Playground and Docs. It does not require a session itself (Docs are
 * public); each signed-in page calls requireUser, which redirects to /login.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <Providers>
      <AppShell user={user} devOutbox={devOutboxOn()}>
        {children}
      </AppShell>
    </Providers>
  );
}
