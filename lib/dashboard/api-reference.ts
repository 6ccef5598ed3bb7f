import { openApiDocument } from "@/lib/openapi/document";
import { inlineRefs } from "@/lib/openapi/inline-refs";
import { SYNC_FRAGMENT } from "@/lib/openapi/operations";
import { creditsLabel, OPERATION_CREDITS } from "@/lib/billing/prices";
import { OPERATIONS } from "@/lib/schemas/options";
import { FIELD_NOTES } from "./field-notes";

/**
 * The API reference as the /docs page shows it, read from the OpenAPI document (itself generated
 * from the zod schemas that validate requests), so the page cannot drift from what the API accepts.
 */
export interface FieldDoc {
  name: string;
  type: string;
  required: boolean;
  bounds: string;
  description: string;
  depth: number;
}

export interface ResponseDoc {
  status: string;
  description: string;
  /** A "a | b | c" enumeration at the end of a description, as a list. */
  items: string[];
  headers: { name: string; description: string }[];
}

export interface EndpointDoc {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  cost: string;
  fields: FieldDoc[];
  parameters: FieldDoc[];
  responses: ResponseDoc[];
  curl: string;
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

export function apiReference(baseUrl: string): {
  title: string;
  version: string;
  description: string;
  endpoints: EndpointDoc[];
} {
  const doc: unknown = inlineRefs(openApiDocument());
  if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error("The OpenAPI document has no paths.");
  const info = isRecord(doc.info) ? doc.info : {};
  const endpoints: EndpointDoc[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    // `/markdown#sync` and its kin are POST /markdown again, typed for client generators
    // (lib/openapi/operations.ts): one HTTP endpoint, one entry on the page.
    if (!isRecord(item) || path.includes(SYNC_FRAGMENT)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isRecord(op)) continue;
      endpoints.push(endpointDoc(method, path, op, baseUrl));
    }
  }
  return {
    title: str(info.title),
    version: str(info.version),
    description: str(info.description),
    endpoints,
  };
}

function endpointDoc(method: string, path: string, op: Json, baseUrl: string): EndpointDoc {
  const id = str(op.operationId) || `${method}-${path}`;
  const body =
    isRecord(op.requestBody) && isRecord(op.requestBody.content)
      ? op.requestBody.content["application/json"]
      : undefined;
  const bodySchema = isRecord(body) && isRecord(body.schema) ? body.schema : null;
  const parameters = Array.isArray(op.parameters)
    ? op.parameters.filter(isRecord).map((p) => ({
        name: `${str(p.name)} (${str(p.in)})`,
        type: typeOf(isRecord(p.schema) ? p.schema : {}),
        required: p.required === true,
        bounds: boundsOf(isRecord(p.schema) ? p.schema : {}),
        description: str(p.description) || FIELD_NOTES[str(p.name)] || "",
        depth: 0,
      }))
    : [];
  const responses = isRecord(op.responses)
    ? Object.entries(op.responses).map(([status, r]) => ({
        status,
        // The docs page lists 422's codes and failure sentences (other statuses have one or two codes).
        ...(status === "422"
          ? withErrorValues(splitEnumeration(isRecord(r) ? str(r.description) : ""), r)
          : splitEnumeration(isRecord(r) ? str(r.description) : "")),
        headers:
          isRecord(r) && isRecord(r.headers)
            ? Object.entries(r.headers).map(([name, h]) => ({
                name,
                description: isRecord(h) ? str(h.description) : "",
              }))
            : [],
      }))
    : [];
  return {
    id,
    method: method.toUpperCase(),
    path,
    summary: str(op.summary),
    description: str(op.description),
    cost: costOf(id),
    fields: bodySchema ? flattenFields(bodySchema) : [],
    parameters,
    responses,
    curl: curlFor(method.toUpperCase(), path, id, baseUrl),
  };
}

/** An error response's possible `error` values (codes, failure sentences), read from its schema. */
function withErrorValues(split: { description: string; items: string[] }, response: unknown) {
  if (split.items.length || !isRecord(response) || !isRecord(response.content)) return split;
  const json = response.content["application/json"];
  const values: string[] = [];
  const collect = (schema: unknown) => {
    if (!isRecord(schema)) return;
    for (const member of [
      ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
      ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ])
      collect(member);
    const error = isRecord(schema.properties) ? schema.properties.error : undefined;
    if (isRecord(error) && Array.isArray(error.enum)) values.push(...error.enum.map(String));
  };
  collect(isRecord(json) ? json.schema : undefined);
  return { ...split, items: values };
}

/** "…failed: A. | B. | C." → head "…failed:" and items [A., B., C.]; anything else is left whole. */
export function splitEnumeration(description: string): { description: string; items: string[] } {
  const firstBar = description.indexOf(" | ");
  if (firstBar < 0) return { description, items: [] };
  const colon = description.lastIndexOf(": ", firstBar);
  if (colon < 0) return { description, items: [] };
  return {
    description: description.slice(0, colon + 1),
    items: description
      .slice(colon + 2)
      .split(" | ")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

function costOf(id: string): string {
  if (id === "scrape") return "Sum of the operations it runs";
  if ((OPERATIONS as readonly string[]).includes(id)) {
    return creditsLabel(OPERATION_CREDITS[id as (typeof OPERATIONS)[number]]);
  }
  return "Free";
}

/** Object properties as rows; nested objects (page_options …) become indented dotted rows. */
export function flattenFields(schema: Json, prefix = "", depth = 0): FieldDoc[] {
  const props = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const rows: FieldDoc[] = [];
  for (const [key, value] of Object.entries(props)) {
    if (!isRecord(value)) continue;
    const name = prefix + key;
    rows.push({
      name,
      type: typeOf(value),
      required: required.includes(key),
      bounds: boundsOf(value),
      description: str(value.description) || FIELD_NOTES[name] || "",
      depth,
    });
    if (isRecord(value.properties) && depth < 3) rows.push(...flattenFields(value, `${name}.`, depth + 1));
  }
  return rows;
}

export function typeOf(s: Json): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const options = ((s.anyOf ?? s.oneOf) as unknown[]).filter(isRecord).map(typeOf);
    return [...new Set(options)].join(" or ");
  }
  if (s.type === "array") return `array of ${isRecord(s.items) ? typeOf(s.items) : "any"}`;
  if (s.type === "object" && !isRecord(s.properties) && isRecord(s.additionalProperties)) {
    return `object of ${typeOf(s.additionalProperties)}`;
  }
  if (Array.isArray(s.type)) return s.type.join(" or ");
  return str(s.type) || "any";
}

export function boundsOf(s: Json): string {
  const parts: string[] = [];
  const num = (k: string) => (typeof s[k] === "number" ? (s[k] as number) : undefined);
  const [min, max] = [num("minimum"), num("maximum")];
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}`);
  else if (min !== undefined) parts.push(`≥ ${min}`);
  else if (max !== undefined) parts.push(`≤ ${max}`);
  const [minL, maxL] = [num("minLength"), num("maxLength")];
  if (minL !== undefined && maxL !== undefined) parts.push(`${minL}–${maxL} characters`);
  else if (maxL !== undefined) parts.push(`at most ${maxL} characters`);
  else if (minL !== undefined) parts.push(`at least ${minL} character${minL === 1 ? "" : "s"}`);
  const [minI, maxI] = [num("minItems"), num("maxItems")];
  if (minI !== undefined) parts.push(`at least ${minI} item${minI === 1 ? "" : "s"}`);
  if (maxI !== undefined) parts.push(`at most ${maxI} items`);
  if (isRecord(s.items)) {
    const inner = boundsOf(s.items);
    if (inner) parts.push(`each ${inner}`);
  }
  return parts.join("; ");
}

const EXAMPLE_EXTRAS: Record<string, Json> = {
  screenshot: { screenshot_options: { full_page: true, format: "png" } },
  lighthouse: { device: "mobile" },
  scrape: { operations: ["markdown", "meta"] },
};

function curlFor(method: string, path: string, id: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, "");
  if (method === "GET") {
    return `curl ${base}${path.replace("{token}", "req_…")} \\\n  -H "Authorization: Bearer $PTD_API_KEY"`;
  }
  const body = JSON.stringify({ url: "https://example.com/", sync: true, ...EXAMPLE_EXTRAS[id] });
  return `curl -X ${method} ${base}${path} \\\n  -H "Authorization: Bearer $PTD_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`;
}
