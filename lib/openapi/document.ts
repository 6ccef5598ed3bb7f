import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  lighthouseRequestSchema,
  pageRequestSchema,
  scrapeRequestSchema,
  screenshotRequestSchema,
  type Endpoint,
} from "@/lib/schemas/request";
import { pageOptionsSchema, screenshotOptionsSchema } from "@/lib/schemas/options";
import { contentTypeOf, ENDPOINT_RECORDS, ENDPOINTS } from "@/lib/schemas/operations";
import {
  acceptedSchema,
  consoleEntrySchema,
  processingSchema,
  resultSchemas,
  scrapeOperationResultSchema,
  webhookPayloadSchema,
} from "@/lib/schemas/responses";
import { errorSchemas } from "./errors";
import { commonErrors, json, jsonResponse } from "./responses";
import { registerSiteEndpoints, registerSiteWebhooks, siteSchemas } from "./site-endpoints";
import { failureCostHeader, resultHeaders, resultTokenHeader } from "./headers";
import { registerOperation } from "./operations";

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests and type
 * the SDK, and from the one error table, so the reference cannot drift from what the API does.
 * Served at /api/openapi.json; every response the contract tests see is validated against it.
 */

const mediaType = (endpoint: Endpoint) => contentTypeOf(endpoint).split(";")[0];
/**
 * Names a schema in place, so that every use of it becomes a `$ref` to `components.schemas`.
 * (registry.register() would need zod's prototype patched before the schemas were built, and
 * would name a copy, not the instances the request and response schemas are made of.)
 */
function named(name: string, schema: z.ZodType): z.ZodType {
  zodToOpenAPIRegistry.add(schema, { _internal: { refId: name } } as never);
  return schema;
}

function namedSchemas(): z.ZodType[] {
  return [
    named("PageOptions", pageOptionsSchema),
    named("ScreenshotOptions", screenshotOptionsSchema),
    named("PageRequest", pageRequestSchema),
    named("ScreenshotRequest", screenshotRequestSchema),
    named("LighthouseRequest", lighthouseRequestSchema),
    named("ScrapeRequest", scrapeRequestSchema),
    named("Accepted", acceptedSchema),
    named("Processing", processingSchema),
    named("ConsoleEntry", consoleEntrySchema),
    named("ScrapeOperationResult", scrapeOperationResultSchema),
    ...ENDPOINTS.map((endpoint) => named(ENDPOINT_RECORDS[endpoint].resultSchema, resultSchemas[endpoint])),
    ...Object.entries(errorSchemas).map(([name, schema]) => named(name, schema)),
    named("WebhookPayload", webhookPayloadSchema),
    ...siteSchemas().map(([name, schema]) => named(name, schema)),
  ];
}

function registerResult(registry: OpenAPIRegistry) {
  const byType = new Map<string, z.ZodType[]>();
  for (const endpoint of ENDPOINTS) {
    const list = byType.get(mediaType(endpoint)) ?? [];
    list.push(resultSchemas[endpoint]);
    byType.set(mediaType(endpoint), list);
  }
  const content = Object.fromEntries(
    [...byType].map(([type, schemas]) => [
      type,
      { schema: schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType]) },
    ]),
  );
  registry.registerPath({
    method: "get",
    path: "/result/{token}",
    operationId: "getResult",
    tags: ["Results"],
    summary: "Collect a result",
    description:
      "The state of an async (or timed-out sync) request. 200 carries the result in the operation's own format, exactly as a sync response would. Results are kept 30 days.",
    security: [{ bearer: [] }],
    request: {
      params: z.object({
        token: z.string().describe("The token from the acknowledgement or X-Result-Token."),
      }),
    },
    responses: {
      200: {
        description: "Complete: the result in the operation's own format.",
        headers: resultHeaders,
        content,
      },
      202: {
        description: "Processing: poll again (the SDK's waitForResult does).",
        headers: {
          "X-Result-Token": { ...resultTokenHeader, required: true },
          "Retry-After": {
            description: "Seconds to wait before polling again.",
            required: true,
            schema: { type: "integer", minimum: 0 },
          },
        },
        content: json(processingSchema, { token: "req_4Jd9sQ2vR1mXc0aB7nKpLw", status: "processing" }),
      },
      ...commonErrors(),
      404: jsonResponse("No result for this token under this project.", errorSchemas.NotFoundError),
      410: jsonResponse("The result is older than 30 days.", errorSchemas.ExpiredError),
      422: jsonResponse("The analysis ran and failed.", errorSchemas.OperationFailure, {
        "X-Result-Token": { ...resultTokenHeader, required: true },
        ...failureCostHeader,
      }),
    },
  });
}

/** The Standard Webhooks headers every delivery carries. */
function deliveryHeaders() {
  const header = (description: string) => z.string().describe(description);
  return z.object({
    "webhook-id": header("`msg_…`, the same on every retry of one delivery: de-duplicate on it."),
    "webhook-timestamp": header("Unix seconds when this attempt was signed."),
    "webhook-signature": header(
      "`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the project's `whsec_…` secret.",
    ),
  });
}

function registerWebhook(registry: OpenAPIRegistry) {
  registry.registerWebhook({
    method: "post",
    path: "result",
    operationId: "resultDelivery",
    tags: ["Webhooks"],
    summary: "A finished async result",
    description:
      "POSTed to `report_to`, or the project's default webhook, when an async request completes or fails. Signed per Standard Webhooks (verify with `verifyWebhook` from @page-to-data/sdk or any standardwebhooks library). Retried with exponential backoff for about 27 hours until a 2xx answer.",
    request: {
      headers: deliveryHeaders(),
      body: { required: true, content: json(webhookPayloadSchema) },
    },
    responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else is retried." } },
  });
}

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | null = null;

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "Your project API key: `Authorization: Bearer ptd_live_…`.",
  });
  const schemas = namedSchemas();
  for (const endpoint of ENDPOINTS) {
    registerOperation(registry, endpoint, "spec");
    registerOperation(registry, endpoint, "sync");
  }
  registerResult(registry);
  registerWebhook(registry);
  registerSiteEndpoints(registry);
  registerSiteWebhooks(registry, deliveryHeaders());
  cached = new OpenApiGeneratorV31([
    ...registry.definitions,
    ...schemas.map((schema) => ({ type: "schema" as const, schema })),
  ]).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "page-to-data API",
      version: "1",
      description:
        "Turn a public web address into rendered HTML, Markdown, a screenshot, metadata, a summary, keywords, a Lighthouse audit or console output. SDK: `@page-to-data/sdk`; CLI: `npm install -g @page-to-data/cli`, then `page-to-data`; MCP server: `/api/mcp`.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Operations", description: "One operation on one page visit." },
      { name: "Scrape", description: "Several operations from one visit." },
      { name: "Results", description: "Collect async results." },
      { name: "Sites", description: "Whole sites: map, crawl and batch (extensions to the spec)." },
      { name: "Webhooks", description: "Deliveries we send to you." },
    ],
  });
  return cached;
}
