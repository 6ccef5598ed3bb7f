import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/lib/db";
import { authOptions } from "@/lib/auth/next-auth";
import { sessionEnded } from "@/lib/auth/session-time";
import { ensureBooted } from "@/lib/server/boot";
import type { Role } from "@/lib/generated/prisma/enums";
import { chosenOrganizationId, pickCurrent } from "./current-org";

export interface DashboardMembership {
  role: Role;
  organization: { id: string; name: string; plan: "free" | "pro" };
}

/** The signed-in user as the dashboard sees them, with every organization they belong to. */
export interface DashboardUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified: Date | null;
  memberships: DashboardMembership[];
  /** The organization the dashboard shows and acts on (the switcher's), null with no membership. */
  current: DashboardMembership | null;
}

/**
 * The signed-in user, or null (route handlers answer 401; pages redirect). Memoized per request
 * with React's cache, so the layout and the page share one lookup.
 */
export const currentUser = cache(async function currentUser(): Promise<DashboardUser | null> {
  const session = await getServerSession(authOptions());
  if (!session?.userId) return null;
  await ensureBooted();
  // Read fresh on every request: the JWT is long-lived, but membership and verification change.
  const user = await db().user.findUnique({
    where: { id: session.userId },
    select: {
      id: true,
      email: true,
      name: true,
      emailVerified: true,
      passwordChangedAt: true,
      sessionsEndedAt: true,
      memberships: {
        orderBy: { createdAt: "asc" },
        select: { role: true, organization: { select: { id: true, name: true, plan: true } } },
      },
    },
  });
  if (!user) return null;
  // A password reset or a sign-out ends every session issued before it (the JWT cannot be recalled).
  const { passwordChangedAt, sessionsEndedAt, ...rest } = user;
  if (sessionEnded(session.signedInAt ?? 0, passwordChangedAt, sessionsEndedAt)) return null;
  return { ...rest, current: pickCurrent(rest.memberships, await chosenOrganizationId()) };
});

/** For pages: the signed-in user, or a redirect to the sign-in page that comes back here. */
export async function requireUser(returnTo: string): Promise<DashboardUser> {
  const user = await currentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** The organization the overview shows: the current one (the switcher's choice, else the first). */
export function primaryMembership(user: DashboardUser) {
  return user.current;
}
