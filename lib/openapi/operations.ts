import type { OpenAPIRegistry, ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { requestSchemas, type Endpoint } from "@/lib/schemas/request";
import { contentTypeOf, ENDPOINT_RECORDS } from "@/lib/schemas/operations";
import { acceptedSchema, resultSchemas } from "@/lib/schemas/responses";
import { creditsLabel, OPERATION_CREDITS, RESIDENTIAL_CREDITS_PER_VISIT } from "@/lib/billing/prices";
import { errorSchemas } from "./errors";
import { commonErrors, json, jsonResponse, withTableStatuses } from "./responses";
import {
  type HeaderObject,
  failureCostHeader,
  operationHeaders,
  producedByHeader,
  resultTokenHeader,
} from "./headers";
import { ENDPOINT_EXAMPLES } from "./examples";

/**
 * The operation endpoints (POST /html … /scrape). Each is registered twice:
 *
 * - `POST /markdown` (operationId `markdown`) is the endpoint as the spec defines it: the body's
 *   `sync` decides whether the 200 answer is the JSON `Accepted` or the result in its own media
 *   type, so its 200 lists both. Validators and readers see the whole truth here.
 * - `POST /markdown#sync` (operationId `markdownSync`) is the same request with `sync: true`,
 *   whose 200 is the result alone. A URL fragment is never sent (RFC 9110 §7.1), so on the wire it
 *   is POST /markdown. OpenAPI allows one operation per path and method, and client generators
 *   type an answer per operation and status (hey-api even keeps one media type per status, JSON
 *   first, so it typed a sync Markdown answer as `Accepted`); the fragment is the usual way
 *   (OAI/OpenAPI-Specification#182) to give the sync call its own method and return type without
 *   changing the paths, statuses or bodies the spec fixes. docs/decisions.md, "Sync views".
 */
export const SYNC_FRAGMENT = "#sync";

type View = "spec" | "sync";

const mediaType = (endpoint: Endpoint) => contentTypeOf(endpoint).split(";")[0];

export function registerOperation(registry: OpenAPIRegistry, endpoint: Endpoint, view: View) {
  const record = ENDPOINT_RECORDS[endpoint];
  const docs = ENDPOINT_EXAMPLES[endpoint];
  const credits =
    endpoint === "scrape" ? "the sum of the operations it runs" : creditsLabel(OPERATION_CREDITS[endpoint]);
  const cost = `Costs ${credits} when successful and not cached; \`residential\` adds ${creditsLabel(RESIDENTIAL_CREDITS_PER_VISIT)} per page visit.`;
  const sync = view === "sync";
  registry.registerPath({
    method: "post",
    path: sync ? `/${endpoint}${SYNC_FRAGMENT}` : `/${endpoint}`,
    operationId: sync ? `${endpoint}Sync` : endpoint,
    tags: [endpoint === "scrape" ? "Scrape" : "Operations"],
    summary: sync ? `${record.summary} (sync)` : record.summary,
    description: sync
      ? `POST /${endpoint} with \`sync: true\`, described on its own for client generators: the \`${SYNC_FRAGMENT}\` fragment is never sent, so this is the same request, and its 200 answer is the result alone (${mediaType(endpoint)}).\n\n${record.description}\n\n${cost}`
      : `${record.description}\n\n${cost} Without \`sync: true\` the answer is an \`Accepted\` token and the result is delivered to the webhook and at GET /result/{token}. Client generators: \`POST /${endpoint}${SYNC_FRAGMENT}\` (operationId \`${endpoint}Sync\`) is the sync request typed with its result alone.`,
    security: [{ bearer: [] }],
    request: {
      headers: z.object({
        "Idempotency-Key": z
          .string()
          .regex(/^[\x21-\x7e]{1,255}$/)
          .optional()
          .describe(
            "1 to 255 printable ASCII characters, no spaces. Sent again with the same request within 24 hours, it returns the first request's token and result instead of running the work again.",
          ),
      }),
      body: {
        required: true,
        content: json(sync ? syncBody(endpoint) : requestSchemas[endpoint], docs.request),
      },
    },
    responses: withTableStatuses({
      200: {
        description: sync
          ? `The result (${mediaType(endpoint)}).`
          : `Async: \`Accepted\` (application/json). With \`sync: true\`: the result (${mediaType(endpoint)}).`,
        headers: {
          ...operationHeaders,
          ...(record.reportsProducer ? { "X-Produced-By": producedByHeader } : {}),
        } satisfies Record<string, HeaderObject>,
        content: okContent(endpoint, sync),
      },
      ...commonErrors(),
      415: jsonResponse("The body is not sent as application/json.", errorSchemas.UnsupportedMediaTypeError),
      422: jsonResponse(
        "A parameter is invalid (`error` is the code), or, with `sync: true`, the analysis failed (`error` is the sentence, `code` our code).",
        z.union([errorSchemas.ValidationError, errorSchemas.OperationFailure]),
        { "X-Result-Token": resultTokenHeader, ...failureCostHeader },
      ),
      504: jsonResponse(
        "processing_timeout: a sync request ran past 60 seconds. The work continues; collect it with GET /result/{token}.",
        errorSchemas.ProcessingTimeoutError,
        { "X-Result-Token": { ...resultTokenHeader, required: true } },
      ),
    }),
  });
}

/** The request with `sync` required to be true (its other fields as the endpoint's schema has them). */
function syncBody(endpoint: Endpoint): z.ZodType {
  return z.intersection(
    requestSchemas[endpoint],
    z.object({ sync: z.literal(true).describe("Always true here: the result comes in the response.") }),
  );
}

/** 200: the result in its own media type, and (spec view) the JSON `Accepted` of an async request. */
function okContent(endpoint: Endpoint, syncOnly: boolean): ResponseConfig["content"] {
  const result = resultSchemas[endpoint];
  const example = ENDPOINT_EXAMPLES[endpoint].result;
  const type = mediaType(endpoint);
  if (syncOnly) return { [type]: { schema: result, example } };
  // A JSON result shares application/json with Accepted: one schema, either of the two.
  if (type === "application/json") return json(z.union([acceptedSchema, result]), example);
  return {
    "application/json": { schema: acceptedSchema },
    [type]: { schema: result, example },
  };
}
