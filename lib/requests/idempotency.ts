import type { ApiCaller } from "@/lib/auth/authenticate";
import { db, type Prisma } from "@/lib/db";
import { clientError } from "@/lib/errors";

/** An Idempotency-Key names one request for 24 hours (docs/spec.md §3 rule 2; the window is ours: docs/decisions.md). */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The request an earlier call made with this key, when it is within the window; a key reused
 * for a different request is the client's error.
 */
export async function findReplay(
  caller: ApiCaller,
  key: string,
  hash: string,
): Promise<{ token: string } | null> {
  const prior = await db().request.findUnique({
    where: { projectId_idempotencyKey: { projectId: caller.projectId, idempotencyKey: key } },
    select: { token: true, requestHash: true, createdAt: true },
  });
  if (!prior || Date.now() - prior.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) return null;
  if (prior.requestHash !== hash) throw clientError.idempotencyKeyReused();
  return prior;
}

/** A key older than the 24-hour window may be used again: detach it from the old request. */
export async function clearExpiredIdempotencyKey(
  tx: Prisma.TransactionClient,
  projectId: string,
  key?: string,
): Promise<void> {
  if (!key) return;
  await tx.request.updateMany({
    where: {
      projectId,
      idempotencyKey: key,
      createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) },
    },
    data: { idempotencyKey: null },
  });
}

/** The database refused a second row with the same key: another call with it won the race. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "P2002" || /Unique constraint|duplicate key/i.test(e?.message ?? "");
}
