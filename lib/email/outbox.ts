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
  return rows.map(withLinks);
}

const withLinks = <R extends { text: string }>(r: R) => ({
  ...r,
  links: r.text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
});

/**
 * The mails with one of `subjects` sent to `email` since `since`: what the signed-out outbox view
 * (app/dev-outbox) may show, for the address its signed pass names (lib/auth/dev-outbox-pass.ts).
 */
export async function mailsFor(
  email: string,
  since: Date,
  subjects: readonly string[],
  limit = 5,
): Promise<OutboxItem[]> {
  const rows = await db().outboxEmail.findMany({
    where: {
      to: { equals: email, mode: "insensitive" },
      // Both stamps come from the outbox's clock (./clock.ts), which never repeats a millisecond, so
      // no slack: a mail sent before the pass was asked for is always older than the pass.
      createdAt: { gte: since },
      subject: { in: [...subjects] },
    },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  return rows.map(withLinks);
}
