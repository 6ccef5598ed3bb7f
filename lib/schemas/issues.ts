import type { z } from "zod";

/**
 * How a schema issue is worded, for the API's 422 messages (lib/api/validate.ts) and the
 * Playground's checks by the field (lib/dashboard/playground-check.ts): one wording for both.
 */

/** `screenshot_options.viewport_width`, `page_options.remove_selectors[3]`. */
export function fieldPath(path: PropertyKey[]): string {
  return path
    .map((p) => (typeof p === "number" ? `[${p}]` : String(p)))
    .join(".")
    .replace(/\.\[/g, "[");
}

/** "must be at most 1920", "can have at most 50 items". */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${article(issue.expected)}`;
    case "too_small":
      return issue.origin === "array" || issue.origin === "string"
        ? `must have at least ${issue.minimum} ${issue.origin === "array" ? "item(s)" : "character(s)"}`
        : `must be at least ${issue.minimum}`;
    case "too_big":
      return issue.origin === "array" || issue.origin === "string"
        ? `can have at most ${issue.maximum} ${issue.origin === "array" ? "items" : "characters"}`
        : `must be at most ${issue.maximum}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      return "has the wrong type";
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

function article(type: string): string {
  if (type === "int") return "a whole number";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
