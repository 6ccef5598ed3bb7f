/**
 * One record per operation (docs/spec.md §2.5, §2.6): its name, what it is called in the reference and as
 * an MCP tool, how its sync result is sent, what it needs from the page visit and whether it says
 * which method produced it. The endpoint list, the OpenAPI document, the MCP tools, the Playground
 * and the runner all read these records; the runner's implementations are typed against them
 * (lib/operations/index.ts) and the prices live in the one price list (lib/billing/prices.ts).
 *
 * No dependencies, so that client bundles (the Playground) and next.config.ts can import it.
 */

/**
 * What an operation needs from the visit: `text` reads the DOM (no waiting for every
 * subresource), `full` needs every subresource and `load` (what is drawn or logged), and
 * `own-navigation` loads the page itself, cold, on its own browser (Lighthouse must measure it).
 */
export type VisitNeed = "text" | "full" | "own-navigation";

export interface EndpointRecord {
  /** The OpenAPI operation's summary and description. */
  summary: string;
  description: string;
  /** The MCP tool's description. */
  tool: string;
  /** How the sync result is sent (docs/spec.md §4: text results as text, the rest JSON). */
  contentType: string;
  /** The result's schema name in the OpenAPI document. */
  resultSchema: string;
  /** The result says which method produced it (`X-Produced-By`, the webhook's `produced_by`). */
  reportsProducer: boolean;
}

/**
 * The parts of a request an operation's cached result may depend on beyond the URL and the page
 * options (RunSpec's, declared here so this file keeps no dependencies).
 */
export interface CacheSpec {
  screenshotOptions?: unknown;
  lighthouse?: unknown;
  markdown?: { includeTitle: boolean };
}

export interface OperationRecord extends EndpointRecord {
  visit: VisitNeed;
  /**
   * What else changes this operation's result, added to its cache key (lib/store/keys.ts): a
   * screenshot's viewport does not change a page's Markdown, so only the screenshot's key holds it.
   */
  cacheInputs?: (spec: CacheSpec) => Record<string, unknown>;
}

const TEXT = "text/plain; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

export const OPERATION_RECORDS = {
  html: {
    summary: "Rendered HTML of the page",
    description: "The DOM after the page's scripts ran, serialized as HTML.",
    tool: "Fetch a public web page in a real browser and return the rendered HTML (after scripts ran).",
    contentType: "text/html; charset=utf-8",
    resultSchema: "HtmlResult",
    visit: "text",
    reportsProducer: false,
  },
  markdown: {
    summary: "Main content as Markdown",
    description: "The article or main content of the page (navigation and boilerplate removed) as Markdown.",
    tool: "Fetch a public web page in a real browser and return its main content as Markdown.",
    contentType: "text/markdown; charset=utf-8",
    resultSchema: "MarkdownResult",
    visit: "text",
    reportsProducer: false,
    // Present only when set, so earlier requests keep their cache key.
    cacheInputs: (spec) => (spec.markdown?.includeTitle ? { markdown: spec.markdown } : {}),
  },
  screenshot: {
    summary: "Screenshot as a Base64 image",
    description: "A png, jpeg or webp image of the page or of one element, Base64-encoded.",
    tool: "Take a screenshot of a public web page; returns the image.",
    contentType: TEXT,
    resultSchema: "ScreenshotResult",
    visit: "full",
    reportsProducer: false,
    cacheInputs: (spec) => ({ screenshot: spec.screenshotOptions }),
  },
  meta: {
    summary: "Page metadata",
    description: "Title, description, language, images, author, feed and publication date.",
    tool: "Read a public web page's metadata: title, description, language, images, author, feed, date.",
    contentType: JSON_TYPE,
    resultSchema: "Metadata",
    visit: "text",
    reportsProducer: false,
    // The result's form changed: meta answers stored before dates and authors were always
    // well-formed (issue 23) may break the document's schema, so they are not reused.
    cacheInputs: () => ({ form: 2 }),
  },
  summarize: {
    summary: "Summary of the main content",
    description: "A short summary of the main content (the X-Produced-By header says which method wrote it).",
    tool: "Summarize the main content of a public web page.",
    contentType: TEXT,
    resultSchema: "SummaryResult",
    visit: "text",
    reportsProducer: true,
  },
  keywords: {
    summary: "Keywords of the main content",
    description: "The main content's keywords and keyphrases, most relevant first.",
    tool: "Extract the keywords of a public web page's main content.",
    contentType: JSON_TYPE,
    resultSchema: "KeywordsResult",
    visit: "text",
    reportsProducer: true,
  },
  lighthouse: {
    summary: "Lighthouse audit",
    description: "Category scores (0–1) and lab metrics; every audit with include_audits.",
    tool: "Run a Lighthouse audit of a public web page: category scores and lab metrics.",
    contentType: JSON_TYPE,
    resultSchema: "LighthouseResult",
    visit: "own-navigation",
    reportsProducer: false,
    cacheInputs: (spec) => ({ lighthouse: spec.lighthouse }),
  },
  console: {
    summary: "Browser console errors, warnings and exceptions",
    description: "What the page wrote to the console while loading.",
    tool: "List the console errors, warnings and exceptions a public web page produces while loading.",
    contentType: JSON_TYPE,
    resultSchema: "ConsoleResult",
    visit: "full",
    reportsProducer: false,
  },
} as const satisfies Record<string, OperationRecord>;

/** The operation names (docs/spec.md §2.5), in the order the reference and the Playground list them. */
export type OperationName = keyof typeof OPERATION_RECORDS;

/**
 * How many page visits a set of operations takes: an operation that navigates on its own is its
 * own visit; every other operation shares one. Read by the runner (lib/operations) and priced by
 * billing (residential is charged per visit), so it lives with the records both read.
 */
export function visitsFor(ops: readonly OperationName[]): number {
  const own = ops.filter((op) => OPERATION_RECORDS[op].visit === "own-navigation").length;
  return (ops.length > own ? 1 : 0) + own;
}
export const OPERATIONS = Object.keys(OPERATION_RECORDS) as [OperationName, ...OperationName[]];

/**
 * The whole-site endpoints (docs/spec-extensions.md): POST /map, POST /crawl and /batch, and
 * GET/DELETE /crawl/{token} and /batch/{token}. Listed here (no dependencies) for the path rewrites.
 */
export const SITE_ENDPOINTS = ["map", "crawl", "batch"] as const;

/** Every POST endpoint: each operation alone, and scrape. */
export const ENDPOINTS = [...OPERATIONS, "scrape"] as const;
export type Endpoint = OperationName | "scrape";

export const ENDPOINT_RECORDS: Record<Endpoint, EndpointRecord> = {
  ...OPERATION_RECORDS,
  scrape: {
    summary: "Several operations from one visit",
    description: "Runs the listed operations on one visit of the page; each succeeds or fails on its own.",
    tool: "Run several operations (markdown, meta, screenshot, …) on one visit of a public web page.",
    contentType: JSON_TYPE,
    resultSchema: "ScrapeResult",
    // A scrape that runs an AI operation says so, per operation.
    reportsProducer: true,
  },
};

/** Content type of each endpoint's sync result. */
export function contentTypeOf(endpoint: Endpoint): string {
  return ENDPOINT_RECORDS[endpoint].contentType;
}
