import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { errorSchemaFor, errorSchemas, errorStatuses } from "./errors";
import { retryAfterHeader } from "./headers";

/** Building blocks of the responses of every path the document registers. */
export const json = (schema: z.ZodType, example?: unknown) => ({
  "application/json": { schema, ...(example !== undefined && { example }) },
});
export const jsonResponse = (
  description: string,
  schema: z.ZodType,
  headers?: ResponseConfig["headers"],
) => ({
  description,
  ...(headers && { headers }),
  content: json(schema),
});

/** Responses every authenticated call can get. */
export function commonErrors(): Record<string, ResponseConfig> {
  const e = errorSchemas;
  return {
    401: jsonResponse("Missing or unknown API key.", e.AuthenticationError),
    403: jsonResponse("Valid key, but the organization's email is unconfirmed.", e.EmailUnverifiedError),
    429: jsonResponse(
      "Over the parallel-request limit, sending too fast, or (Free plan) out of credits. Nothing was spent.",
      z.union([e.QuotaExceededError, e.ConcurrencyLimitError, e.RateLimitedError]),
      retryAfterHeader,
    ),
  };
}

/**
 * Adds every other status of the error table (a code added there, say a 413, is documented on
 * the operations at once). 404 and 410 belong to GET /result only; 405 is Next.js's own, bodiless.
 */
export function withTableStatuses(responses: Record<string, ResponseConfig>): Record<string, ResponseConfig> {
  const extra: Record<string, ResponseConfig> = {};
  for (const status of errorStatuses()) {
    if (String(status) in responses || [404, 405, 410].includes(status)) continue;
    extra[status] = jsonResponse(`Error ${status}.`, errorSchemaFor(status));
  }
  return { ...responses, ...extra };
}
