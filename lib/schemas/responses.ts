import { z } from "zod";
import { OPERATIONS } from "./operations";

/**
 * Response bodies (docs/spec.md §2.6), as zod schemas: the single source of the OpenAPI document's
 * `components.schemas` and of the SDK's result types. Objects are not `.strict()`: a client must
 * accept fields we add later, and the document says so (additionalProperties is left open).
 */

const labels = z.record(z.string(), z.string()).describe("The labels sent with the request.");

export const acceptedSchema = z
  .object({
    token: z.string().describe("Collect the result with GET /result/{token}."),
    status: z.literal("accepted"),
    labels: labels.optional(),
  })
  .describe("Acknowledgement of an async request.");

export const processingSchema = z
  .object({ token: z.string(), status: z.literal("processing"), labels: labels.optional() })
  .describe("The result is still being generated.");

export const markdownResultSchema = z.string().describe("The page's main content as Markdown.");
export const htmlResultSchema = z.string().describe("The rendered HTML of the page.");
export const screenshotResultSchema = z
  .string()
  .describe("The image, Base64-encoded (png, jpeg or webp as requested).");
export const summaryResultSchema = z.string().describe("A summary of the page's main content.");
export const keywordsResultSchema = z.array(z.string()).describe("Keywords, most relevant first.");

const nullableString = z.string().nullable();

/**
 * A day, or an instant with its offset: what a date answer may be (lib/operations/meta-answer.ts
 * brings every answer to one of these forms or to null). Both are ISO 8601; JSON Schema's `date`
 * and `date-time` formats (RFC 3339) say so to any validator.
 */
export const publicationDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .nullable()
  .describe(
    "When the page was first published, in ISO 8601: a day (`2025-03-04`) or a date-time with its UTC offset " +
      "(`2025-03-04T10:00:00Z`, `2025-03-04T10:00:00+02:00`), as the page declares it. " +
      "null when the page states no date that can be read as one.",
  );

export const authorNameSchema = nullableString.describe(
  "Who wrote the page: a person's name, several joined with \", \" (`Jane Doe, John Roe`), or an organization's " +
    "name; a forum's login where that is all the page gives. null when the page names no one. Never a label or " +
    "role (`By`, `Produced by`, `The Author`, `Staff`), an author box's heading (`Meet Jane Doe` is `Jane Doe`), " +
    "a section's name, a URL, an e-mail address or a date.",
);

export const metadataSchema = z
  .object({
    title: nullableString,
    description: nullableString,
    language: nullableString,
    main_image_url: nullableString,
    favicon_url: nullableString,
    author_name: authorNameSchema,
    feed_url: nullableString,
    publication_date: publicationDateSchema,
    additional_author_information: z.record(z.string(), z.unknown()).nullable(),
  })
  .describe("Metadata of the page.");

export const consoleEntrySchema = z.object({
  type: z.enum(["error", "warning", "exception"]),
  text: z.string(),
});
export const consoleResultSchema = z.array(consoleEntrySchema).describe("Console output of the page.");

const score = z.number().nullable().describe("0–1, or null when it could not be scored.");

export const lighthouseResultSchema = z
  .object({
    url: z.string(),
    fetchTime: z.string(),
    device: z.enum(["mobile", "desktop"]),
    categories: z.record(z.string(), z.object({ title: z.string(), score })),
    metrics: z.record(z.string(), z.number().nullable()).describe("Lab metrics (ms, CLS unitless)."),
    audits: z
      .record(
        z.string(),
        z.object({
          id: z.string(),
          title: z.string(),
          description: z.string().optional(),
          score,
          scoreDisplayMode: z.string(),
          displayValue: z.string().optional(),
          numericValue: z.number().optional(),
          numericUnit: z.string().optional(),
        }),
      )
      .optional()
      .describe("Present when include_audits asked for it."),
  })
  .describe("A Lighthouse audit of the page.");

export const scrapeOperationResultSchema = z.object({
  success: z.boolean(),
  result: z.unknown().optional().describe("The operation's own result format."),
  error: z.string().optional().describe("The failure sentence when success is false."),
  code: z.string().optional().describe("Our stable code of the failure."),
  cached: z.boolean(),
});

export const scrapeResultSchema = z
  .object({
    url: z.string(),
    operations: z
      .partialRecord(z.enum(OPERATIONS), scrapeOperationResultSchema)
      .describe("One key per requested operation, in the order requested."),
  })
  .describe("Several operations from one visit.");

/** Each endpoint's sync result, as the response body (and `result` of a webhook delivery). */
export const resultSchemas = {
  html: htmlResultSchema,
  markdown: markdownResultSchema,
  screenshot: screenshotResultSchema,
  meta: metadataSchema,
  summarize: summaryResultSchema,
  keywords: keywordsResultSchema,
  lighthouse: lighthouseResultSchema,
  console: consoleResultSchema,
  scrape: scrapeResultSchema,
} as const;

export type ResultOf = { [E in keyof typeof resultSchemas]: z.infer<(typeof resultSchemas)[E]> };
export type Accepted = z.infer<typeof acceptedSchema>;
export type Processing = z.infer<typeof processingSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
export type ConsoleEntry = z.infer<typeof consoleEntrySchema>;
export type LighthouseResult = z.infer<typeof lighthouseResultSchema>;
export type ScrapeResult = z.infer<typeof scrapeResultSchema>;

/** The body of a webhook delivery (docs/webhooks.md). */
export const webhookPayloadSchema = z.object({
  type: z.enum(["request.completed", "request.failed"]),
  timestamp: z.string(),
  data: z.object({
    token: z.string(),
    operation: z.enum([...OPERATIONS, "scrape"]),
    url: z.string(),
    status: z.enum(["complete", "failed"]),
    result: z.unknown().optional().describe("Exactly what GET /result/{token} returns."),
    error: z.string().optional(),
    error_code: z.string().optional(),
    labels: labels.optional(),
    cost: z.number().int(),
    cached: z.boolean(),
    produced_by: z.string().optional(),
    processing_time_ms: z.number().int().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
