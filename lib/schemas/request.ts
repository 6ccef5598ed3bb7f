import { z } from "zod";
import parseDuration from "parse-duration";
import { RESIDENTIAL_CREDITS_PER_VISIT } from "../billing/prices";
import { pageOptionsSchema, screenshotOptionsSchema } from "./options";
import { OPERATIONS, type Endpoint } from "./operations";

/**
 * Request bodies (docs/spec.md §2.1, §2.4, §2.5). One base schema, extended per endpoint; every endpoint's
 * validation, its TypeScript type and its OpenAPI description come from here.
 */

export const MAX_AGE_DEFAULT_S = 7 * 24 * 3600;
export const MAX_AGE_LIMIT_S = 30 * 24 * 3600;

/** `max_age`: seconds, or a duration such as "3 days" or "2 hours"; at most 30 days; 0 bypasses the cache. */
export function parseMaxAge(value: unknown): { ok: true; seconds: number } | { ok: false; message: string } {
  let seconds: number | null = null;
  if (typeof value === "number" && Number.isFinite(value)) seconds = value;
  else if (typeof value === "string") {
    const s = value.trim();
    if (/^\d+(\.\d+)?$/.test(s)) seconds = Number(s);
    else if (s) {
      const parsed = parseDuration(s, "s");
      seconds = typeof parsed === "number" && Number.isFinite(parsed) ? parsed : null;
    }
  }
  if (seconds === null) {
    return {
      ok: false,
      message: `max_age must be a number of seconds or a duration such as "3 days" or "2 hours"; ${JSON.stringify(value)} could not be read.`,
    };
  }
  if (seconds < 0) return { ok: false, message: "max_age cannot be negative; use 0 to bypass the cache." };
  if (seconds > MAX_AGE_LIMIT_S) {
    return { ok: false, message: `max_age can be at most 30 days (${MAX_AGE_LIMIT_S} seconds).` };
  }
  return { ok: true, seconds: Math.floor(seconds) };
}

export const labelsSchema = z
  .record(z.string(), z.string().max(256))
  .refine((o) => Object.keys(o).length <= 16, { message: "labels can hold at most 16 keys" });

export const pageRequestSchema = z
  .object({
    url: z.string().describe("A public http or https web address."),
    sync: z.boolean().optional().describe("Return the result in the response rather than a token."),
    report_to: z.string().optional().describe("Address the async result is POSTed to."),
    max_age: z.union([z.number(), z.string()]).optional().describe("Oldest acceptable cached result."),
    labels: labelsSchema.optional().describe("Your own ids, returned with the result."),
    residential: z
      .boolean()
      .optional()
      .describe(`Fetch from a home broadband address (+${RESIDENTIAL_CREDITS_PER_VISIT} credits per visit).`),
    page_options: pageOptionsSchema.optional(),
  })
  .strict();

export const markdownOptionsSchema = z
  .object({
    include_title: z
      .boolean()
      .optional()
      .describe(
        "Start the Markdown with the page's title as a `# ` heading. Default false: the Markdown is the main content only.",
      ),
  })
  .strict()
  .describe("How the Markdown is written.");

export const markdownRequestSchema = pageRequestSchema
  .extend({ markdown_options: markdownOptionsSchema.optional() })
  .strict();

export const screenshotRequestSchema = pageRequestSchema
  .extend({ screenshot_options: screenshotOptionsSchema.optional() })
  .strict();

const lighthouseFields = {
  device: z.enum(["mobile", "desktop"]).optional(),
  include_audits: z
    .union([z.boolean(), z.string().max(2000)])
    .optional()
    .describe(
      'true for every audit, or a comma-separated list of audit ids such as "largest-contentful-paint,speed-index".',
    ),
};

export const lighthouseRequestSchema = pageRequestSchema.extend(lighthouseFields).strict();

export const scrapeRequestSchema = pageRequestSchema
  .extend({
    screenshot_options: screenshotOptionsSchema.optional(),
    markdown_options: markdownOptionsSchema.optional(),
    ...lighthouseFields,
    operations: z
      .array(z.enum(OPERATIONS))
      .min(1)
      .refine((ops) => new Set(ops).size === ops.length, {
        message: "each operation can be listed once",
      }),
  })
  .strict();

export type PageRequest = z.infer<typeof pageRequestSchema>;
export type ScreenshotRequest = z.infer<typeof screenshotRequestSchema>;
export type LighthouseRequest = z.infer<typeof lighthouseRequestSchema>;
export type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;
export type AnyRequest = PageRequest & Partial<Omit<ScrapeRequest, keyof PageRequest>>;

export type { Endpoint };

export const requestSchemas: Record<Endpoint, z.ZodType<AnyRequest>> = {
  html: pageRequestSchema,
  markdown: markdownRequestSchema as z.ZodType<AnyRequest>,
  meta: pageRequestSchema,
  summarize: pageRequestSchema,
  keywords: pageRequestSchema,
  console: pageRequestSchema,
  screenshot: screenshotRequestSchema,
  lighthouse: lighthouseRequestSchema,
  scrape: scrapeRequestSchema as z.ZodType<AnyRequest>,
};
