import { z } from "zod";
import { API_ERROR_CODES, ERROR_CODES, type ApiErrorCode } from "@/lib/errors";
import { FAILURES } from "@/lib/failures";

/**
 * Error bodies for the OpenAPI document, generated from the one error table (lib/errors.ts)
 * as dub's errorSchemaFactory does: each schema's `error` enum lists exactly the codes the table
 * gives that status, so a new code shows up in the reference without anyone editing it.
 */

function codesWithStatus(status: number): [ApiErrorCode, ...ApiErrorCode[]] {
  const codes = API_ERROR_CODES.filter((c) => ERROR_CODES[c].status === status);
  if (!codes.length) throw new Error(`no error code has status ${status}`);
  return codes as [ApiErrorCode, ...ApiErrorCode[]];
}

function describeCodes(codes: readonly ApiErrorCode[]): string {
  return codes.map((c) => `\`${c}\`: ${ERROR_CODES[c].description}`).join("\n");
}

/** An error body whose `error` is one of `codes`, with the extra fields those codes carry. */
function errorSchema<S extends z.ZodRawShape>(codes: [ApiErrorCode, ...ApiErrorCode[]], extra: S) {
  return z
    .object({
      error: z.enum(codes).describe(describeCodes(codes)),
      message: z.string().describe("What happened and what to change, for a human."),
      ...extra,
    })
    .describe(describeCodes(codes));
}

const token = z.string().describe("The request's token.");

export const errorSchemas = {
  AuthenticationError: errorSchema(codesWithStatus(401), {}),
  EmailUnverifiedError: errorSchema(codesWithStatus(403), {}),
  NotFoundError: errorSchema(codesWithStatus(404), {}),
  ExpiredError: errorSchema(codesWithStatus(410), { token }),
  UnsupportedMediaTypeError: errorSchema(codesWithStatus(415), {}),
  ValidationError: errorSchema(codesWithStatus(422), {}),
  QuotaExceededError: errorSchema(["quota_exceeded"], {
    limit: z.number().int().describe("Monthly credits of the plan."),
    used: z.number().int().describe("Credits used this month."),
    needed: z.number().int().describe("Credits this request needs."),
    resets_at: z.string().describe("When the monthly allowance resets (ISO 8601)."),
  }),
  ConcurrencyLimitError: errorSchema(["concurrency_limit"], {
    limit: z.number().int().describe("Requests the plan may run in parallel."),
    running: z.number().int().describe("Requests running now."),
  }),
  RateLimitedError: errorSchema(["rate_limited"], {
    retry_after: z.number().int().describe("Seconds to wait; also the Retry-After header."),
  }),
  ProcessingTimeoutError: errorSchema(codesWithStatus(504), { token }),
  OperationFailure: z
    .object({
      error: z
        .enum(Object.values(FAILURES) as [string, ...string[]])
        .describe("The spec's sentence for the failure (table 7.4)."),
      code: z
        .enum(Object.keys(FAILURES) as [keyof typeof FAILURES, ...(keyof typeof FAILURES)[]])
        .describe("Our stable code for the failure: switch on this, not on the sentence."),
      token: token.optional(),
    })
    .describe("The analysis ran and failed (spec §7.4). Nothing was spent."),
} as const;

export type ErrorSchemaName = keyof typeof errorSchemas;

/** Every status the error table holds: a status added there is documented without editing here. */
export function errorStatuses(): number[] {
  return [...new Set(API_ERROR_CODES.map((c) => ERROR_CODES[c].status))].sort();
}

/** An inline error body for a status with no named schema above. */
export function errorSchemaFor(status: number) {
  return errorSchema(codesWithStatus(status), {});
}
