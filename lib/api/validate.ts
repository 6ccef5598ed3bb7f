import type { z } from "zod";
import { checkPublicUrl, normalizeUrl } from "@/lib/net/url-policy";
import {
  MAX_AGE_DEFAULT_S,
  parseMaxAge,
  requestSchemas,
  type AnyRequest,
  type Endpoint,
} from "@/lib/schemas/request";
import { resolveScreenshotOptions, type OperationName } from "@/lib/schemas/options";
import { clientError } from "@/lib/errors";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { describeIssue, fieldPath } from "@/lib/schemas/issues";

/**
 * Turns a parsed JSON body into a RunSpec, or throws the spec's 422 for the first problem found,
 * with a message naming the field and what to change (docs/spec.md §7.3).
 */
export function validateRequest(endpoint: Endpoint, body: unknown): RunSpec {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw clientError.invalidBody("The request body must be a JSON object with at least a url field.");
  }
  const raw = body as Record<string, unknown>;

  // url first: it is the one field every request needs, and its errors have their own code.
  const url = checkPublicUrl(raw.url, "url");
  if (!url.ok) throw clientError.invalidUrl(url.message);

  const maxAge =
    raw.max_age === undefined ? { ok: true as const, seconds: MAX_AGE_DEFAULT_S } : parseMaxAge(raw.max_age);
  if (!maxAge.ok) throw clientError.invalidMaxAge(maxAge.message);

  const parsed = requestSchemas[endpoint].safeParse(body);
  if (!parsed.success) throw issueToError(parsed.error.issues[0]);
  const req = parsed.data;

  let reportTo: string | undefined;
  if (req.report_to !== undefined) {
    const r = checkPublicUrl(req.report_to, "report_to");
    if (!r.ok) throw clientError.reportTo(r.code, r.message);
    reportTo = r.url.toString();
  }

  return buildRunSpec(endpoint, req, normalizeUrl(url.url), maxAge.seconds, reportTo);
}

export function buildRunSpec(
  endpoint: Endpoint,
  req: AnyRequest,
  url: string,
  maxAgeSeconds: number,
  reportTo?: string,
): RunSpec {
  const operations: OperationName[] = endpoint === "scrape" ? [...(req.operations ?? [])] : [endpoint];
  return {
    endpoint,
    url,
    operations,
    sync: req.sync ?? false,
    maxAgeSeconds,
    residential: req.residential ?? false,
    pageOptions: req.page_options ?? {},
    ...(operations.includes("screenshot") && {
      screenshotOptions: resolveScreenshotOptions(req.screenshot_options),
    }),
    ...(operations.includes("markdown") &&
      req.markdown_options?.include_title !== undefined && {
        markdown: { includeTitle: req.markdown_options.include_title },
      }),
    ...(operations.includes("lighthouse") && {
      lighthouse: {
        device: req.device ?? "mobile",
        includeAudits: normalizeIncludeAudits(req.include_audits),
      },
    }),
    ...(req.labels && { labels: req.labels }),
    ...(reportTo && { reportTo }),
  };
}

/** `include_audits`: a boolean, "true"/"false", or a comma-separated list of audit ids. */
function normalizeIncludeAudits(value: boolean | string | undefined): boolean | string[] {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "all" || v === "*") return true;
  if (v === "false" || v === "") return false;
  return [
    ...new Set(
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].sort();
}

export function issueToError(issue: z.core.$ZodIssue) {
  const path = issue.path as PropertyKey[];
  const top = String(path[0] ?? "");
  if (issue.code === "unrecognized_keys") {
    const where = path.length ? `${fieldPath(path)} ` : "the request ";
    const keys = issue.keys.join(", ");
    if (top === "labels") return clientError.invalidLabels(`labels: ${issue.message}`);
    return clientError.invalidOptions(
      `${where}has unknown field${issue.keys.length > 1 ? "s" : ""} ${keys}. Check the spelling against the API reference.`,
    );
  }
  const field = fieldPath(path) || "body";
  const detail = describeIssue(issue);
  if (top === "labels") {
    return clientError.invalidLabels(
      `${field} ${detail}. labels must be an object of at most 16 keys whose values are strings of at most 256 characters.`,
    );
  }
  if (top === "report_to") return clientError.reportTo("report_to_invalid", `report_to ${detail}.`);
  if (top === "max_age") return clientError.invalidMaxAge(`max_age ${detail}.`);
  return clientError.invalidOptions(`${field} ${detail}.`);
}

/** Idempotency-Key: 1 to 255 printable ASCII characters, no spaces (docs/spec.md §4, §7.3). */
export function validateIdempotencyKey(value: string | null): string | undefined {
  if (value === null) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw clientError.invalidIdempotencyKey();
  return value;
}
