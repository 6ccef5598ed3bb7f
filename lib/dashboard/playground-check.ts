import { parseMaxAge, requestSchemas } from "@/lib/schemas/request";
import { describeIssue } from "@/lib/schemas/issues";
import type { Endpoint } from "@/lib/schemas/operations";

/**
 * The Playground's check before sending (issue 26 §8): the request body against the very zod
 * schema the API validates it with (lib/schemas/request.ts) and max_age with the API's own parser,
 * worded as the API's 422 would be. Errors are keyed by the form's field id (`page_options.delay`,
 * `max_age`, `operations`), so each is shown by its field and nothing is sent while any remains.
 * What only the server can judge (whether the URL is public, report_to's host) stays the API's.
 */
export type FieldErrors = Record<string, string>;

const GROUPS = new Set(["page_options", "screenshot_options", "markdown_options"]);

function fieldIdOf(path: readonly PropertyKey[]): string {
  const [top, second] = path.map(String);
  return GROUPS.has(top) && second !== undefined ? `${top}.${second}` : (top ?? "body");
}

export function checkRequestBody(endpoint: Endpoint, body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (body.max_age !== undefined) {
    const age = parseMaxAge(body.max_age);
    if (!age.ok) errors.max_age = age.message;
  }
  const parsed = requestSchemas[endpoint].safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const id = fieldIdOf(issue.path);
      if (errors[id]) continue; // the first problem of a field is enough to fix it
      const name = id.includes(".") ? id.slice(id.indexOf(".") + 1) : id;
      errors[id] =
        issue.code === "unrecognized_keys"
          ? `unknown field ${issue.keys.join(", ")}`
          : `${name} ${describeIssue(issue)}`;
    }
  }
  return errors;
}
