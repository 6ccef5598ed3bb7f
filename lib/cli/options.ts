import { z } from "zod";
import { lighthouseRequestSchema, scrapeRequestSchema } from "../schemas/request";
import { pageOptionsSchema, screenshotOptionsSchema } from "../schemas/options";

/**
 * Command-line flags generated from the request schemas, so every field the API accepts is a
 * flag and none can drift: `--wait-for-selector h1`, `--viewport-width 800`, `--no-full-page`,
 * `--remove-selectors .ad --remove-selectors .nav`, `--operations markdown,meta`.
 */
type Kind = "boolean" | "number" | "string" | "array" | "record";

export interface FlagSpec {
  /** Where the value goes in the request body. */
  path: [string] | [string, string];
  kind: Kind;
}

function kindOf(schema: z.ZodType): Kind {
  let s = schema as z.ZodType & { def: { type: string; innerType?: z.ZodType; options?: z.ZodType[] } };
  while (s.def.type === "optional" || s.def.type === "nullable" || s.def.type === "default") {
    s = s.def.innerType as typeof s;
  }
  switch (s.def.type) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "array":
      return "array";
    case "record":
      return "record";
    default:
      // max_age (number or duration string) and include_audits (boolean or ids) stay strings:
      // the API reads both forms.
      return "string";
  }
}

const kebab = (name: string) => name.replace(/_/g, "-");

/** Fields a flag never sets: the CLI decides sync itself, and nested objects have their own flags. */
const NOT_FLAGS = new Set(["url", "sync", "page_options", "screenshot_options"]);

export function flagSpecs(): Map<string, FlagSpec> {
  const specs = new Map<string, FlagSpec>();
  const top = { ...lighthouseRequestSchema.shape, ...scrapeRequestSchema.shape };
  for (const [name, schema] of Object.entries(top)) {
    if (!NOT_FLAGS.has(name)) specs.set(kebab(name), { path: [name], kind: kindOf(schema as z.ZodType) });
  }
  for (const [group, shape] of [
    ["page_options", pageOptionsSchema.shape],
    ["screenshot_options", screenshotOptionsSchema.shape],
  ] as const) {
    for (const [name, schema] of Object.entries(shape)) {
      specs.set(kebab(name), { path: [group, name], kind: kindOf(schema as z.ZodType) });
    }
  }
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
    case "record": {
      const eq = raw.indexOf("=");
      if (eq < 1) throw new UsageError(`--${name} takes key=value, e.g. --${name} order=42.`);
      return { ...((previous as Record<string, string>) ?? {}), [raw.slice(0, eq)]: raw.slice(eq + 1) };
    }
    default:
      return raw;
  }
}

export function flagHelp(): string {
  return [...flagSpecs()]
    .map(([name, spec]) => {
      const value = {
        boolean: "",
        number: " <n>",
        string: " <text>",
        array: " <a,b>",
        record: " <key=value>",
      }[spec.kind];
      return `  --${name}${value}`;
    })
    .join("\n");
}
