import { z } from "zod";
import { batchRequestSchema, crawlRequestSchema, mapRequestSchema } from "../../../lib/schemas/crawl";
import { pageOptionsSchema, screenshotOptionsSchema } from "../../../lib/schemas/options";
import {
  lighthouseRequestSchema,
  markdownOptionsSchema,
  scrapeRequestSchema,
} from "../../../lib/schemas/request";

/**
 * Command-line flags generated from the request schemas, so every field the API accepts is a
 * flag, described by the schema's own description, and none can drift: `--wait-for-selector h1`,
 * `--viewport-width 800`, `--no-full-page`, `--remove-selectors .ad --remove-selectors .nav`,
 * `--operations markdown,meta`, `--labels a=1,b=2`, `--include-title`. A nested object may
 * also be given whole as JSON: `--markdown-options '{"include_title":true}'`.
 */
type Kind = "boolean" | "number" | "string" | "array" | "record" | "object";

export interface FlagSpec {
  /** Where the value goes in the request body. */
  path: [string] | [string, string];
  kind: Kind;
  description: string;
}

type AnySchema = z.ZodType & {
  description?: string;
  def: { type: string; innerType?: z.ZodType; options?: z.ZodType[] };
};

/** The schema under optional/nullable/default wrappers, and the first description on the way. */
function unwrap(schema: z.ZodType): { inner: AnySchema; description: string } {
  let s = schema as AnySchema;
  let description = s.description ?? "";
  while (s.def.type === "optional" || s.def.type === "nullable" || s.def.type === "default") {
    s = s.def.innerType as AnySchema;
    description ||= s.description ?? "";
  }
  return { inner: s, description };
}

function kindOf(s: AnySchema): Kind {
  switch (s.def.type) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "array":
      return "array";
    case "record":
      return "record";
    case "object":
      return "object";
    default:
      // max_age (number or duration string) and include_audits (boolean or ids) stay strings:
      // the API reads both forms.
      return "string";
  }
}

const kebab = (name: string) => name.replace(/_/g, "-");

/** Fields a flag never sets: the CLI decides sync and the URL(s) itself. */
const NOT_FLAGS = new Set(["url", "urls", "sync"]);

const NESTED = [
  ["page_options", pageOptionsSchema.shape],
  ["screenshot_options", screenshotOptionsSchema.shape],
  ["markdown_options", markdownOptionsSchema.shape],
] as const;

let cached: Map<string, FlagSpec> | undefined;

export function flagSpecs(): Map<string, FlagSpec> {
  if (cached) return cached;
  const specs = new Map<string, FlagSpec>();
  const top = {
    ...lighthouseRequestSchema.shape,
    ...scrapeRequestSchema.shape,
    ...crawlRequestSchema.shape,
    ...batchRequestSchema.shape,
    ...mapRequestSchema.shape,
  };
  for (const [name, schema] of Object.entries(top)) {
    if (NOT_FLAGS.has(name)) continue;
    const { inner, description } = unwrap(schema as z.ZodType);
    specs.set(kebab(name), { path: [name], kind: kindOf(inner), description });
  }
  for (const [group, shape] of NESTED) {
    for (const [name, schema] of Object.entries(shape)) {
      const { inner, description } = unwrap(schema as z.ZodType);
      specs.set(kebab(name), { path: [group, name], kind: kindOf(inner), description });
    }
  }
  cached = specs;
  return specs;
}

export class UsageError extends Error {}

/**
 * Reads `--flag value`, `--flag=value`, `--flag` / `--no-flag` (booleans) into a request body.
 * Unknown flags are refused here with the list of known ones (the API would refuse them too).
 */
export function bodyFromFlags(flags: [string, string | true][]): Record<string, unknown> {
  const specs = flagSpecs();
  const body: Record<string, unknown> = {};
  for (const [rawName, raw] of flags) {
    const negated = rawName.startsWith("no-") && !specs.has(rawName);
    const name = negated ? rawName.slice(3) : rawName;
    const spec = specs.get(name);
    if (!spec) throw new UsageError(`Unknown option --${rawName}. Run page-to-data --help for the list.`);
    const target = spec.path.length === 2 ? ((body[spec.path[0]] ??= {}) as Record<string, unknown>) : body;
    const key = spec.path[spec.path.length - 1];
    target[key] = convert(name, spec.kind, raw, negated, target[key]);
  }
  return body;
}

/** `a=1,b=2` → two pairs; a comma followed by no `key=` stays in the value (`note=a,b`). */
function readRecord(name: string, raw: string, previous: unknown): Record<string, string> {
  const record = { ...((previous as Record<string, string>) ?? {}) };
  for (const pair of raw.split(/,(?=[^,=]+=)/)) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new UsageError(`--${name} takes key=value pairs, e.g. --${name} order=42,team=web.`);
    record[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return record;
}

function convert(name: string, kind: Kind, raw: string | true, negated: boolean, previous: unknown): unknown {
  if (kind === "boolean") {
    if (raw === true) return !negated;
    if (raw === "true" || raw === "false") return raw === "true";
    throw new UsageError(`--${name} is a switch: write --${name} or --no-${name}.`);
  }
  if (raw === true) throw new UsageError(`--${name} needs a value.`);
  switch (kind) {
    case "number": {
      const n = Number(raw);
      if (!Number.isFinite(n))
        throw new UsageError(`--${name} must be a number, not ${JSON.stringify(raw)}.`);
      return n;
    }
    case "array":
      return [
        ...((previous as string[] | undefined) ?? []),
        ...raw
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ];
    case "record":
      return readRecord(name, raw, previous);
    case "object": {
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw new UsageError(`--${name} takes a JSON object, e.g. --${name} '{"include_title":true}'.`);
      }
      if (!value || typeof value !== "object" || Array.isArray(value))
        throw new UsageError(`--${name} takes a JSON object, e.g. --${name} '{"include_title":true}'.`);
      // The object's own flags (--include-title …) may come before or after it: both apply.
      return { ...((previous as Record<string, unknown>) ?? {}), ...(value as Record<string, unknown>) };
    }
    default:
      return raw;
  }
}

const VALUE = {
  boolean: "",
  number: " <n>",
  string: " <text>",
  array: " <a,b>",
  record: " <k=v,k=v>",
  object: " <json>",
} as const;

/** `--help`'s option list: each flag, its value, and the schema's description of the field. */
export function flagHelp(): string {
  const rows = [...flagSpecs()].map(([name, spec]) => {
    const where = spec.path.length === 2 ? ` (${spec.path[0]})` : "";
    return [`  --${name}${VALUE[spec.kind]}`, `${spec.description || "See the API reference."}${where}`];
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return rows.map(([flag, text]) => flag.padEnd(width) + text).join("\n");
}
