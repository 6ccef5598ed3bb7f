/**
 * Checks real responses against the OpenAPI document: the status is documented for the
 * operation, the Content-Type is one of the documented media types, the body validates against
 * that media type's schema (formats included: `date`, `date-time`, …), and every required header
 * is present. The harness (tests/support/app.ts) checks every response its post/get receive;
 * tests/support/setup.ts fails any test file that saw a violation.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/openapi/document";

type Json = Record<string, unknown>;

export interface SeenResponse {
  method: string;
  /** The path as requested: /api/markdown, /markdown, /api/result/req_… (query ignored). */
  path: string;
  status: number;
  headers: Headers;
  body: string;
}

const DOC_ID = "openapi.json";
let ajv: Ajv2020 | null = null;
const compiled = new Map<string, ValidateFunction>();

function validator(pointer: string): ValidateFunction {
  if (!ajv) {
    // strict: false — the document holds OpenAPI keywords (example, …) beside JSON Schema ones.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    // Formats are checked, not merely allowed: without this, Ajv takes `format: date-time` as an
    // annotation and a malformed date ("2016-05-24T05:55%Z") passes.
    addFormats(ajv);
    ajv.addSchema(openApiDocument() as unknown as Json, DOC_ID);
  }
  let fn = compiled.get(pointer);
  if (!fn) {
    fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    compiled.set(pointer, fn);
  }
  return fn;
}

const escape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** The document's path template for a requested path, or null when the path is not in the API. */
function templateOf(path: string, paths: Json): string | null {
  const bare = path.split("?")[0].replace(/^\/api(?=\/)/, "");
  for (const template of Object.keys(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(bare)) return template;
  }
  return null;
}

/** A description of how the response breaks the document, or null when it conforms (or is not an API operation). */
export function contractViolation(r: SeenResponse): string | null {
  const doc = openApiDocument() as unknown as { paths: Json };
  const template = templateOf(r.path, doc.paths);
  const method = r.method.toLowerCase();
  const operation = template ? ((doc.paths[template] as Json)[method] as Json | undefined) : undefined;
  if (!template || !operation) return null;
  const where = `${r.method} ${r.path} → ${r.status}`;
  const responses = operation.responses as Json;
  const statusKey = String(r.status) in responses ? String(r.status) : "default";
  const response = responses[statusKey] as Json | undefined;
  if (!response) return `${where}: status not documented (${r.body.slice(0, 200)})`;

  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
    if ((header as Json).required && !r.headers.has(name)) return `${where}: required header ${name} missing`;
  }
  const content = response.content as Json | undefined;
  if (!content) return null;
  const media = (r.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!(media in content)) {
    return `${where}: Content-Type ${media || "(none)"} not documented (${Object.keys(content).join(", ")})`;
  }
  let body: unknown = r.body;
  if (media === "application/json") {
    try {
      body = JSON.parse(r.body);
    } catch {
      return `${where}: body is not JSON`;
    }
  }
  const pointer = [
    "",
    "paths",
    escape(template),
    method,
    "responses",
    statusKey,
    "content",
    escape(media),
    "schema",
  ].join("/");
  const validate = validator(pointer);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "/"} ${e.message}`)
    .join("; ");
  return `${where}: body does not match the schema (${errors}): ${r.body.slice(0, 300)}`;
}

/** Validates a value against a schema at `pointer` in the document (e.g. a webhook payload). */
export function schemaViolations(pointer: string, value: unknown): string[] {
  const validate = validator(pointer);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Shared between the harness (which records) and the setup file (which asserts), per test file. */
export interface ContractLog {
  checked: number;
  violations: string[];
  pending: Promise<void>[];
}

export function contractLog(): ContractLog {
  const g = globalThis as { __ptdContract?: ContractLog };
  return (g.__ptdContract ??= { checked: 0, violations: [], pending: [] });
}

/** Records one response for checking; reads a clone, so the test still gets the body. */
export function recordResponse(method: string, path: string, res: Response): void {
  const log = contractLog();
  const copy = res.clone();
  log.pending.push(
    copy
      .text()
      .then((body) => {
        log.checked++;
        const v = contractViolation({ method, path, status: copy.status, headers: copy.headers, body });
        if (v) log.violations.push(v);
      })
      .catch(() => {
        /* the body could not be read (connection dropped by a crash test): nothing to check */
      }),
  );
}
