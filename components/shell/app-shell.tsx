import Link from "next/link";
import type { ReactNode } from "react";
import type { DashboardUser } from "@/lib/dashboard/session";
import { buttonClass } from "@/components/ui/button";
import { EmailBanner } from "@/components/dashboard/email-banner";
import { Logo } from "./logo";
import { Nav } from "./nav";
import { SignOutButton } from "./sign-out-button";
import { OrgSwitcher } from "./org-switcher";

/** The signed-in frame: left navigation, account footer, and the unconfirmed-email banner. */
export function AppShell({
  user,
  devOutbox = false,
  children,
}: {
  user: DashboardUser | null;
  /** The dev outbox is on (lib/email/mode.ts): the banner points at it. */
  devOutbox?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen md:pl-60">
      <aside className="fixed inset-y-0 left-0 hidden w-60 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="flex h-14 items-center border-b border-slate-100 px-5">
          <Logo href={user ? "/dashboard" : "/"} />
        </div>
        {user?.current && (
          <div className="border-b border-slate-100 px-5 py-3">
            <OrgSwitcher
              memberships={user.memberships}
              currentId={user.current.organization.id}
              idSuffix="side"
            />
          </div>
        )}
        <div className="flex-1 overflow-y-auto px-3 py-4">
          <Nav />
        </div>
        <div className="border-t border-slate-100 px-5 py-4">
          {user ? (
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{user.name || user.email}</p>
              {user.name && <p className="truncate text-xs text-slate-500">{user.email}</p>}
              <div className="mt-2">
                <SignOutButton />
              </div>
            </div>
          ) : (
            <div className="flex gap-2">
              <Link href="/login" className={buttonClass("secondary", "sm")}>
                Sign in
              </Link>
              <Link href="/signup" className={buttonClass("primary", "sm")}>
                Sign up
              </Link>
            </div>
          )}
        </div>
      </aside>
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 px-4 py-2 backdrop-blur md:hidden">
        <div className="mb-2 flex items-center justify-between">
          <Logo href={user ? "/dashboard" : "/"} />
          {user ? (
            <SignOutButton />
          ) : (
            <Link href="/login" className="text-sm font-medium text-indigo-700">
              Sign in
            </Link>
          )}
        </div>
        {user?.current && (
          <div className="mb-2">
            <OrgSwitcher
              memberships={user.memberships}
              currentId={user.current.organization.id}
              idSuffix="top"
            />
          </div>
        )}
        <Nav orientation="horizontal" />
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-8 sm:py-8">
        {user && !user.emailVerified && <EmailBanner email={user.email} devOutbox={devOutbox} />}
        {children}
      </main>
    </div>
  );
}
