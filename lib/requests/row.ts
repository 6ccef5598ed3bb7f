import crypto from "node:crypto";
import type { ApiCaller } from "@/lib/auth/authenticate";
import { Prisma } from "@/lib/db";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { cacheKeyFor } from "@/lib/store/keys";

/** A new request's row as accepted: queued for a job, or completed at once as a cache hit (./complete.ts). */
export function requestRow(
  caller: ApiCaller,
  spec: RunSpec,
  hash: string,
  token: string,
  idempotencyKey: string | undefined,
  reserved: number,
): Prisma.RequestCreateManyInput {
  return {
    token,
    projectId: caller.projectId,
    organizationId: caller.project.organizationId,
    operation: spec.endpoint,
    url: spec.url,
    options: spec as unknown as Prisma.InputJsonValue,
    labels: spec.labels ?? Prisma.JsonNull,
    reportTo: spec.reportTo ?? null,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    sync: spec.sync,
    reserved,
    cacheKey: spec.operations.map((op) => cacheKeyFor(op, spec)).join(","),
    source: caller.sentBy.source,
    apiKeyId: caller.sentBy.apiKeyId,
    sentById: caller.sentBy.userId,
  };
}

export function newToken(): string {
  return "req_" + crypto.randomBytes(16).toString("base64url");
}
