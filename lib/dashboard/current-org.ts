import { cookies } from "next/headers";
import { config } from "@/lib/config";

/**
 * Which of the user's organizations the dashboard shows and acts on (issue 26): remembered for the
 * browser session in a cookie, and never trusted as such: every request picks it out of the user's
 * memberships as read from the database (lib/dashboard/session.ts), so a cookie naming an
 * organization the user has left or was removed from falls back to their first one.
 */
export const ORG_COOKIE = "ptd_org";

export async function chosenOrganizationId(): Promise<string | undefined> {
  return (await cookies()).get(ORG_COOKIE)?.value;
}

/** The membership the choice names, else the first one joined; null without any membership. */
export function pickCurrent<M extends { organization: { id: string } }>(
  memberships: M[],
  chosen: string | undefined,
): M | null {
  return memberships.find((m) => m.organization.id === chosen) ?? memberships[0] ?? null;
}

/** Remembers the choice for this browser session (no Max-Age: it ends with the browser). */
export async function rememberOrganization(organizationId: string): Promise<void> {
  (await cookies()).set(ORG_COOKIE, organizationId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config().NEXTAUTH_URL?.protocol === "https:",
  });
}
