/**
 * The parsers a variable's raw text goes through. Each takes `string | undefined` (unset) and
 * either yields the typed value or adds an issue saying what was wrong with that variable; an empty
 * or blank value counts as unset everywhere (it used to be 0 for some readers and the default for
 * others: docs/decisions.md, "Issue 28: one validated config").
 */
import parseDuration from "parse-duration";
import { z } from "zod";

type Ctx = z.RefinementCtx;

/** The raw value, trimmed; undefined when unset or blank. */
export function trimmed(raw: string | undefined): string | undefined {
  const s = raw?.trim();
  return s ? s : undefined;
}

/** A parser from the raw text to T, run by zod so every bad variable is reported at once. */
export function variable<T>(read: (raw: string | undefined, fail: (message: string) => never) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx: Ctx): T => {
      try {
        return read(raw, (message) => {
          throw new BadValue(message);
        });
      } catch (err) {
        if (!(err instanceof BadValue)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
        return z.NEVER;
      }
    });
}

class BadValue extends Error {}

const shown = (raw: string) => JSON.stringify(raw.trim());

/** Free text, trimmed; `fallback` when unset. */
export function text(): z.ZodType<string | undefined, string | undefined>;
export function text(fallback: string): z.ZodType<string, string | undefined>;
export function text(fallback?: string): z.ZodType<string | undefined, string | undefined> {
  return variable((raw) => trimmed(raw) ?? fallback);
}

/** "1"/"true" (any case) is on; unset, "0" and "false" are off; anything else is a mistake. */
export function flag() {
  return variable((raw, fail) => {
    const s = trimmed(raw)?.toLowerCase();
    if (s === undefined || s === "0" || s === "false") return false;
    if (s === "1" || s === "true") return true;
    return fail(`must be 1/true or 0/false; got ${shown(raw!)}`);
  });
}

interface IntOptions<D extends number | undefined> {
  default: D;
  min?: number;
  max?: number;
}

/** A whole number ≥ `min` (default 1). */
export function int<D extends number | undefined>({ default: fallback, min = 1, max }: IntOptions<D>) {
  return variable((raw, fail): number | D => {
    const s = trimmed(raw);
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isInteger(n) || n < min || (max !== undefined && n > max))
      return fail(
        `must be a whole number ≥ ${min}${max !== undefined ? ` and ≤ ${max}` : ""}; got ${shown(raw!)}`,
      );
    return n;
  });
}

/** A number ≥ `min`, fractions allowed. */
export function num({ default: fallback, min = 0 }: { default: number; min?: number }) {
  return variable((raw, fail): number => {
    const s = trimmed(raw);
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isFinite(n) || n < min) return fail(`must be a number ≥ ${min}; got ${shown(raw!)}`);
    return n;
  });
}

/**
 * A duration in the unit its name ends with (`_MS`, `_SECONDS`): a bare number is in that unit
 * ("60000"), anything else is read by parse-duration ("60s", "1.5 min", "500ms"). Before this,
 * `SYNC_TIMEOUT_MS=60s` became NaN and every sync request answered 504.
 */
export function duration(
  unit: "ms" | "s",
  { default: fallback, min = 0 }: { default: number; min?: number },
) {
  const unitName = unit === "ms" ? "milliseconds" : "seconds";
  return variable((raw, fail): number => {
    const s = trimmed(raw);
    if (s === undefined) return fallback;
    const n = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s) ? Number(s) : parseDuration(s, unit);
    if (typeof n !== "number" || !Number.isFinite(n))
      return fail(
        `must be a number of ${unitName} or a duration such as "60s" or "2 min"; got ${shown(raw!)}`,
      );
    if (n < min) return fail(`must be at least ${min} ${unitName}; got ${shown(raw!)}`);
    return n;
  });
}

/** An absolute URL (kept as the URL object), or undefined when unset. */
export function url(example: string) {
  return variable((raw, fail): URL | undefined => {
    const s = trimmed(raw);
    if (s === undefined) return undefined;
    try {
      return new URL(s);
    } catch {
      return fail(`is not a URL: ${shown(raw!)}. Set it to the public address, e.g. ${example}.`);
    }
  });
}

/** One of `values` (trimmed, lower-cased); `fallback` when unset. */
export function oneOf<const V extends string>(values: readonly V[], fallback: V) {
  return variable((raw, fail): V => {
    const s = trimmed(raw)?.toLowerCase() ?? fallback;
    if (!(values as readonly string[]).includes(s))
      return fail(`must be one of ${values.join(", ")} (got ${shown(raw!)})`);
    return s as V;
  });
}
