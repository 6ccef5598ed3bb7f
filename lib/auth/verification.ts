import { db } from "@/lib/db";

/**
 * docs/spec.md §5.4: a free-plan organization's keys work only once an admin (owner or admin role) has
 * confirmed an email address. Paid plans are never gated. Checked per request, so confirming once
 * enables every key, including keys created later.
 */
export async function isEmailGateOpen(organizationId: string, plan: string): Promise<boolean> {
  if (plan !== "free") return true;
  const confirmed = await db().membership.count({
    where: { organizationId, role: { in: ["owner", "admin"] }, user: { emailVerified: { not: null } } },
  });
  return confirmed > 0;
}
