/** A response header as OpenAPI writes it (only the parts this API uses). */
export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: { type: "string" | "integer"; enum?: string[]; minimum?: number };
  [extension: `x-${string}`]: unknown;
}

/** Response headers of the API (docs/spec.md §4.1), once, for every response that carries them. */
const int = { type: "integer" as const, minimum: 0 };

export const resultTokenHeader: HeaderObject = {
  description: "The request's token, for GET /result/{token}.",
  schema: { type: "string" },
};

const cacheHeader: HeaderObject = {
  description: "`hit` when the result came from the cache (and cost 0), else `miss`.",
  schema: { type: "string", enum: ["hit", "miss"] },
};

export const producedByHeader: HeaderObject = {
  description:
    "AI operations (summarize, keywords, and a scrape running them): which method produced the result, e.g. `summarize=builtin` or `keywords=llm:gpt-4o-mini`.",
  schema: { type: "string" },
};

/** Every 200 of an operation endpoint. */
export const operationHeaders: Record<string, HeaderObject> = {
  "X-Result-Token": { ...resultTokenHeader, required: true },
  "X-Cache": { ...cacheHeader, required: true },
  "X-Quota-Cost": {
    description: "Credits this request spent; for an async acknowledgement, the credits held.",
    required: true,
    schema: int,
  },
  "X-Quota-Remaining": { description: "Credits left this month.", required: true, schema: int },
  "X-Concurrency-Limit": {
    description: "Requests the plan may run in parallel.",
    required: true,
    schema: int,
  },
};

/** On a 422 for an analysis that ran and failed: what it spent, always 0. */
export const failureCostHeader: Record<string, HeaderObject> = {
  "X-Quota-Cost": {
    description: "With an operational failure: 0 — a request whose analysis failed spends nothing.",
    schema: { type: "integer", minimum: 0 },
  },
};

/** A 200 of GET /result/{token}. */
export const resultHeaders: Record<string, HeaderObject> = {
  "X-Result-Token": { ...resultTokenHeader, required: true },
  "X-Cache": { ...cacheHeader, required: true },
  "X-Produced-By": producedByHeader,
};

export const retryAfterHeader: Record<string, HeaderObject> = {
  "Retry-After": {
    description: "With `rate_limited`: seconds to wait before retrying.",
    schema: int,
  },
};
