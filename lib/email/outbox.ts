import { db } from "@/lib/db";

export interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  links: string[];
}

/**
 * The dev outbox as one recipient may see it. Filtered by address on purpose: the outbox holds
 * every account's confirmation links, and showing them to anyone signed in would let one user
 * confirm another's address.
 */
export async function outboxFor(email: string, limit = 10): Promise<OutboxItem[]> {
  const rows = await db().outboxEmail.findMany({
    where: { to: { equals: email, mode: "insensitive" } },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  return rows.map((r) => ({ ...r, links: r.text.match(/https?:\/\/[^\s<>"]+/g) ?? [] }));
}
