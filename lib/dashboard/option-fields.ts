import { z } from "zod";
import { requestSchemas, type Endpoint } from "@/lib/schemas/request";
import { ENDPOINTS } from "@/lib/schemas/operations";
import type { FieldKind, OptionField } from "./playground-body";

/**
 * The Playground's option fields, derived from the request schemas (lib/schemas) through their JSON
 * Schema, so a new option appears in the Playground the day it is added to the API. Runs on the
 * server; the client gets the plain, serializable list (zod stays out of the browser bundle).
 */

/** Rendered by the Playground itself: the URL box, the scrape operation boxes and the Sync switch. */
const OWN_INPUTS = new Set(["url", "operations", "sync"]);

interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

function kindOf(s: JsonSchema): FieldKind | null {
  const types = s.anyOf ? s.anyOf.map((a) => a.type) : Array.isArray(s.type) ? s.type : [s.type];
  if (s.enum) return "enum";
  if (types.length === 2 && types.includes("boolean") && types.includes("string")) return "boolean-or-text";
  if (types.length === 2 && types.includes("number") && types.includes("string")) return "number-or-text";
  const [t] = types;
  if (t === "boolean") return "boolean";
  if (t === "integer" || t === "number") return "integer";
  if (t === "array") return "list";
  if (t === "object" && typeof s.additionalProperties === "object") return "labels";
  if (t === "string") return (s.maxLength ?? 0) > 1000 ? "longtext" : "text";
  return null;
}

function collect(
  props: Record<string, JsonSchema>,
  group: string | null,
  endpoint: Endpoint,
  into: Map<string, OptionField>,
): void {
  for (const [name, schema] of Object.entries(props)) {
    if (!group && OWN_INPUTS.has(name)) continue;
    if (schema.type === "object" && schema.properties) {
      collect(schema.properties, name, endpoint, into);
      continue;
    }
    const kind = kindOf(schema);
    if (!kind) continue;
    const id = group ? `${group}.${name}` : name;
    const known = into.get(id);
    if (known) {
      known.endpoints.push(endpoint);
      continue;
    }
    into.set(id, {
      id,
      group,
      name,
      kind,
      description: schema.description ?? "",
      ...(schema.minimum !== undefined && { min: schema.minimum }),
      ...(schema.maximum !== undefined && { max: schema.maximum }),
      ...(schema.maxItems !== undefined && { maxItems: schema.maxItems }),
      ...(schema.enum && { choices: schema.enum.map(String) }),
      endpoints: [endpoint],
    });
  }
}

export function playgroundFields(): OptionField[] {
  const fields = new Map<string, OptionField>();
  for (const endpoint of ENDPOINTS) {
    const json = z.toJSONSchema(requestSchemas[endpoint], {
      io: "input",
      unrepresentable: "any",
    }) as JsonSchema;
    collect(json.properties ?? {}, null, endpoint, fields);
  }
  return [...fields.values()];
}
