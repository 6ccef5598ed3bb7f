import { ENDPOINTS, type Endpoint, type OperationName } from "@/lib/schemas/operations";

/**
 * The Playground's form → the API request body. Pure and client-safe (no zod at run time, so the
 * browser bundle stays small): the option fields themselves come from the schemas on the server
 * (option-fields.ts). Values the user typed are passed through even when invalid, so the API's own
 * 422 messages are what the Playground shows.
 */
export type PlaygroundEndpoint = Endpoint;

export type ImageFormat = "png" | "jpeg" | "webp";

/** How a field is entered; derived from its JSON Schema type. */
export type FieldKind =
  | "boolean"
  | "integer"
  | "enum"
  | "text"
  | "longtext"
  | "list"
  | "labels"
  | "number-or-text"
  | "boolean-or-text";

export interface OptionField {
  /** `name`, or `group.name` for nested options such as `screenshot_options.format`. */
  id: string;
  group: string | null;
  name: string;
  kind: FieldKind;
  description: string;
  min?: number;
  max?: number;
  maxItems?: number;
  choices?: string[];
  /** The endpoints whose schema accepts this field. */
  endpoints: PlaygroundEndpoint[];
}

export interface PlaygroundForm {
  endpoint: PlaygroundEndpoint;
  url: string;
  sync: boolean;
  scrapeOperations: OperationName[];
  /** Raw input per field id; booleans are "", "true" or "false" (unset, yes, no). */
  values: Record<string, string>;
  idempotencyKey: string;
}

export const DEFAULT_FORM: PlaygroundForm = {
  endpoint: "markdown",
  url: "https://example.com/",
  sync: true,
  scrapeOperations: ["markdown", "meta"],
  values: {},
  idempotencyKey: "",
};

/** Whole numbers become numbers; anything else is sent as typed, for the API to refuse by name. */
function numberish(raw: string): number | string | undefined {
  const s = raw.trim();
  if (!s) return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

export function selectorList(raw: string): string[] {
  return raw
    .split(/\n|,(?![^[(]*[\])])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `key=value` per line. */
export function labelList(raw: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of raw.split("\n")) {
    if (!line.trim()) continue;
    const eq = line.indexOf("=");
    out[(eq < 0 ? line : line.slice(0, eq)).trim()] = eq < 0 ? "" : line.slice(eq + 1).trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/** A field common to every endpoint (url-level and page options) rather than one operation's. */
export function isCommon(field: OptionField): boolean {
  return ENDPOINTS.every((e) => field.endpoints.includes(e));
}

/**
 * Does the field apply to this request? For scrape, an operation's own options (screenshot_options,
 * Lighthouse's device…) apply only when that operation is among the chosen ones.
 */
export function fieldApplies(
  field: OptionField,
  form: Pick<PlaygroundForm, "endpoint" | "scrapeOperations">,
): boolean {
  if (!field.endpoints.includes(form.endpoint)) return false;
  if (form.endpoint !== "scrape" || isCommon(field)) return true;
  return form.scrapeOperations.some((op) => field.endpoints.includes(op));
}

function fieldValue(field: OptionField, raw: string): unknown {
  switch (field.kind) {
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : undefined;
    case "boolean-or-text":
      return raw === "true" ? true : raw === "false" ? false : raw.trim() || undefined;
    case "integer":
    case "number-or-text":
      return numberish(raw);
    case "enum":
    case "text":
      return raw.trim() || undefined;
    case "longtext":
      return raw || undefined;
    case "list": {
      const list = selectorList(raw);
      return list.length ? list : undefined;
    }
    case "labels":
      return labelList(raw);
  }
}

export function buildRequestBody(form: PlaygroundForm, fields: OptionField[]): Record<string, unknown> {
  const body: Record<string, unknown> = { url: form.url.trim(), sync: form.sync };
  if (form.endpoint === "scrape") body.operations = [...form.scrapeOperations];
  for (const field of fields) {
    if (!fieldApplies(field, form)) continue;
    const value = fieldValue(field, form.values[field.id] ?? "");
    if (value === undefined) continue;
    if (!field.group) body[field.name] = value;
    else ((body[field.group] ??= {}) as Record<string, unknown>)[field.name] = value;
  }
  return body;
}

export function imageFormat(form: PlaygroundForm): ImageFormat {
  const f = form.values["screenshot_options.format"];
  return f === "jpeg" || f === "webp" ? f : "png";
}
