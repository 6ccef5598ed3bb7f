import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { requestSchemas, type Endpoint } from "@/lib/schemas/request";
import { OPERATION_CREDITS } from "@/lib/billing/prices";
import { FAILURES } from "@/lib/api/errors";

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, so the
 * reference can never drift from what the API accepts. Served at /api/openapi.json.
 */
const ENDPOINT_SUMMARIES: Record<Endpoint, string> = {
  html: "Rendered HTML of the page",
  markdown: "Main content as Markdown",
  screenshot: "Screenshot as a Base64 image",
  meta: "Page metadata",
  summarize: "Summary of the main content",
  keywords: "Keywords of the main content",
  lighthouse: "Lighthouse audit",
  console: "Browser console errors, warnings and exceptions",
  scrape: "Several operations from one visit",
};

const ErrorSchema = z.object({
  error: z
    .string()
    .describe(
      "A machine-readable code (authentication, validation) or the failure sentence (operational failures).",
    ),
  message: z.string().optional(),
  token: z.string().optional(),
  code: z.string().optional().describe("Our stable code for operational failures."),
});
const AcceptedSchema = z.object({
  token: z.string(),
  status: z.literal("accepted"),
  labels: z.record(z.string(), z.string()).optional(),
});
const ProcessingSchema = z.object({
  token: z.string(),
  status: z.literal("processing"),
  labels: z.record(z.string(), z.string()).optional(),
});

const quotaHeaders = {
  "X-Result-Token": {
    schema: { type: "string" as const },
    description: "The request's token, for GET /result/{token}.",
  },
  "X-Cache": {
    schema: { type: "string" as const, enum: ["hit", "miss"] },
    description: "Whether the result came from the cache.",
  },
  "X-Quota-Cost": {
    schema: { type: "integer" as const },
    description: "Credits this request spent (held, for an async acceptance).",
  },
  "X-Quota-Remaining": { schema: { type: "integer" as const }, description: "Credits left this month." },
  "X-Concurrency-Limit": {
    schema: { type: "integer" as const },
    description: "Requests the plan may run in parallel.",
  },
};

function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: ErrorSchema } } };
}

let cached: unknown = null;

export function openApiDocument(): unknown {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "Your project API key.",
  });
  for (const [endpoint, schema] of Object.entries(requestSchemas) as [Endpoint, z.ZodType][]) {
    const credits =
      endpoint === "scrape" ? "the sum of the operations it runs" : String(OPERATION_CREDITS[endpoint]);
    registry.registerPath({
      method: "post",
      path: `/${endpoint}`,
      operationId: endpoint,
      summary: ENDPOINT_SUMMARIES[endpoint],
      description: `Costs ${credits} credit(s) when successful and not cached; residential adds 25 per page visit.`,
      security: [{ bearer: [] }],
      request: {
        headers: z.object({ "Idempotency-Key": z.string().min(1).max(255).optional() }),
        body: { required: true, content: { "application/json": { schema } } },
      },
      responses: {
        200: {
          description:
            "Async: the token (status accepted). With sync: true, the result in the operation's own format.",
          headers: quotaHeaders,
          content: { "application/json": { schema: AcceptedSchema } },
        },
        401: errorResponse("invalid_api_key"),
        403: errorResponse("email_unverified"),
        422: errorResponse(
          `A parameter is invalid (invalid_url, invalid_max_age, invalid_options, invalid_labels, invalid_idempotency_key, idempotency_key_reused, report_to_*) or the operation failed: ${Object.values(FAILURES).join(" | ")}`,
        ),
        429: errorResponse("concurrency_limit, rate_limited or quota_exceeded"),
        504: errorResponse(
          "processing_timeout: the sync wait passed 60 seconds; the body carries the token.",
        ),
      },
    });
  }
  registry.registerPath({
    method: "get",
    path: "/result/{token}",
    operationId: "getResult",
    summary: "Collect a result",
    security: [{ bearer: [] }],
    request: { params: z.object({ token: z.string() }) },
    responses: {
      200: { description: "The result in the operation's own format." },
      202: {
        description: "Still processing.",
        content: { "application/json": { schema: ProcessingSchema } },
      },
      404: errorResponse("No result for this token under this project."),
      410: errorResponse("The result is older than 30 days."),
      422: errorResponse("The analysis ran and failed."),
    },
  });
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "page-to-data API",
      version: "1",
      description: "Turn a public web address into rendered HTML, Markdown, screenshots, metadata and more.",
    },
    servers: [{ url: "/" }],
  });
  return cached;
}
