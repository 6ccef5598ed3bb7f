import type {
  Accepted,
  BatchRequest,
  CrawlAccepted,
  CrawlCancelled,
  CrawlPageEntry,
  CrawlRequest,
  CrawlStatus,
  Endpoint,
  LighthouseRequest,
  MapRequest,
  MapResult,
  MarkdownRequest,
  PageRequest,
  ResultOf,
  ScrapeRequest,
  ScreenshotRequest,
} from "./api-types";
import { PageToDataTimeoutError } from "./errors";
import { errorFrom, retryAfterMs, send, sleep, type TransportOptions } from "./transport";

/**
 * A typed client for the page-to-data API: one method per operation, result collection that
 * honours Retry-After, retries with backoff for what clears with time, typed errors.
 */

export interface RequestBodies {
  html: PageRequest;
  markdown: MarkdownRequest;
  screenshot: ScreenshotRequest;
  meta: PageRequest;
  summarize: PageRequest;
  keywords: PageRequest;
  lighthouse: LighthouseRequest;
  console: PageRequest;
  scrape: ScrapeRequest;
}

export interface ClientOptions {
  /** Project API key; default: the PAGE_TO_DATA_API_KEY environment variable. */
  apiKey?: string;
  /** Base URL of the API; default: PAGE_TO_DATA_URL, else http://localhost:3000. */
  baseUrl?: string;
  /**
   * How many times a call is retried after a network error, a 5xx, or a 429 rate_limited /
   * concurrency_limit (default 4). quota_exceeded and other 4xx are never retried.
   */
  maxRetries?: number;
  /** First backoff delay when the API gives no Retry-After (default 1000 ms, doubled each time). */
  retryDelayMs?: number;
  /**
   * Longest wait for one HTTP answer (default 90 s: a sync request may take the API's 60-second
   * wait, then answers 504 with a token the client collects). A call past it throws
   * PageToDataError with code "timeout".
   */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /**
   * Sent as Idempotency-Key: the same key with the same request returns the first result.
   * Async calls get a random one when none is given, so that a retry never runs them twice.
   */
  idempotencyKey?: string;
  /**
   * A sync request that passes the API's 60-second wait answers 504 with a token; by default the
   * client then waits for the result with waitForResult(). false: throw the 504 instead.
   */
  waitOnTimeout?: boolean;
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** Give up after this long (default 10 minutes, the longest a busy page may be retried). */
  timeoutMs?: number;
  /** Poll interval when the API sends no Retry-After (default 1000 ms). */
  pollIntervalMs?: number;
  signal?: AbortSignal;
  /** Called on each 202, e.g. to show progress. */
  onPending?: (elapsedMs: number) => void;
}

/** What the response headers said about a call. */
export interface CallInfo {
  token: string;
  cached: boolean;
  /** Credits spent (held, for an async acknowledgement); null on GET /result. */
  cost: number | null;
  remaining: number | null;
  concurrencyLimit: number | null;
  /** AI operations: which method produced the result (X-Produced-By). */
  producedBy?: string;
}

export interface Completed<E extends Endpoint> extends CallInfo {
  status: "complete";
  result: ResultOf[E];
}

export interface AcceptedResponse extends CallInfo {
  status: "accepted";
  labels?: Accepted["labels"];
}

/**
 * One operation's method: `sync: true` resolves to the result, `sync` false or absent to the
 * acknowledgement, and a `sync` only known at run time (a boolean variable) to either. Parameters
 * are exact object types: a misspelled option is a compile error, not a 422 at run time.
 */
export interface OperationMethod<E extends Endpoint> {
  (body: RequestBodies[E] & { sync: true }, options?: CallOptions): Promise<Completed<E>>;
  (body: RequestBodies[E] & { sync?: false | undefined }, options?: CallOptions): Promise<AcceptedResponse>;
  (body: RequestBodies[E], options?: CallOptions): Promise<Completed<E> | AcceptedResponse>;
}

/** A crawl or a batch: the two follow the same contract under their own path. */
export type SiteJobKind = "crawl" | "batch";

/** A crawl's or batch's counts, as each poll sees them (GET /crawl/{token} without its pages). */
export type CrawlProgress = Omit<CrawlStatus, "data" | "next">;

export interface MapResponse extends MapResult {
  /** Credits spent (1), and what is left this month. */
  cost: number | null;
  remaining: number | null;
}

export interface FollowOptions {
  /** Give up after this long (default 1 hour); the crawl goes on server-side. */
  timeoutMs?: number;
  /** Wait between polls while no new page has finished (default 1000 ms). */
  pollIntervalMs?: number;
  signal?: AbortSignal;
  /** Called after every poll with the counts, e.g. to draw a progress bar. */
  onProgress?: (progress: CrawlProgress) => void;
}

const DEFAULT_BASE_URL = "http://localhost:3000";

function env(name: string): string | undefined {
  return typeof process !== "undefined" ? process.env?.[name] : undefined;
}

function intHeader(res: Response, name: string): number | null {
  const v = res.headers.get(name);
  return v === null || v === "" ? null : Number(v);
}

const randomKey = () => `sdk-${globalThis.crypto.randomUUID()}`;

export class PageToData {
  readonly baseUrl: string;
  private readonly transport: TransportOptions;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? env("PAGE_TO_DATA_API_KEY");
    if (!apiKey) {
      throw new Error("No API key: pass { apiKey } or set PAGE_TO_DATA_API_KEY.");
    }
    this.baseUrl = (options.baseUrl ?? env("PAGE_TO_DATA_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.transport = {
      apiKey,
      baseUrl: this.baseUrl,
      maxRetries: options.maxRetries ?? 4,
      retryDelayMs: options.retryDelayMs ?? 1000,
      timeoutMs: options.timeoutMs ?? 90_000,
      fetch: options.fetch ?? ((...args) => fetch(...args)),
    };
  }

  readonly html: OperationMethod<"html"> = (body: PageRequest, options?: CallOptions) =>
    this.call("html", body, options) as never;
  readonly markdown: OperationMethod<"markdown"> = (body: MarkdownRequest, options?: CallOptions) =>
    this.call("markdown", body, options) as never;
  /** The result is the image, Base64-encoded; decode with Buffer.from(result, "base64"). */
  readonly screenshot: OperationMethod<"screenshot"> = (body: ScreenshotRequest, options?: CallOptions) =>
    this.call("screenshot", body, options) as never;
  readonly meta: OperationMethod<"meta"> = (body: PageRequest, options?: CallOptions) =>
    this.call("meta", body, options) as never;
  readonly summarize: OperationMethod<"summarize"> = (body: PageRequest, options?: CallOptions) =>
    this.call("summarize", body, options) as never;
  readonly keywords: OperationMethod<"keywords"> = (body: PageRequest, options?: CallOptions) =>
    this.call("keywords", body, options) as never;
  readonly lighthouse: OperationMethod<"lighthouse"> = (body: LighthouseRequest, options?: CallOptions) =>
    this.call("lighthouse", body, options) as never;
  readonly console: OperationMethod<"console"> = (body: PageRequest, options?: CallOptions) =>
    this.call("console", body, options) as never;
  readonly scrape: OperationMethod<"scrape"> = (body: ScrapeRequest, options?: CallOptions) =>
    this.call("scrape", body, options) as never;

  /** Any operation by name: sync requests resolve to the result, async ones to the acknowledgement. */
  run<E extends Endpoint>(
    endpoint: E,
    body: RequestBodies[E] & { sync: true },
    options?: CallOptions,
  ): Promise<Completed<E>>;
  run<E extends Endpoint>(
    endpoint: E,
    body: RequestBodies[E] & { sync?: false | undefined },
    options?: CallOptions,
  ): Promise<AcceptedResponse>;
  run<E extends Endpoint>(
    endpoint: E,
    body: RequestBodies[E],
    options?: CallOptions,
  ): Promise<Completed<E> | AcceptedResponse>;
  run<E extends Endpoint>(
    endpoint: E,
    body: RequestBodies[E],
    options?: CallOptions,
  ): Promise<Completed<E> | AcceptedResponse> {
    return this.call(endpoint, body, options);
  }

  private async call<E extends Endpoint>(
    endpoint: E,
    body: RequestBodies[E],
    options: CallOptions = {},
  ): Promise<Completed<E> | AcceptedResponse> {
    const sync = body.sync === true;
    // Async requests take the API's keyed path anyway: a key makes a retry after a lost answer
    // replay the first request instead of running (and charging) it twice. Sync requests keep
    // the unkeyed fast path; a retry of one is answered from the cache when the first finished.
    const idempotencyKey = options.idempotencyKey ?? (sync ? undefined : randomKey());
    const res = await this.send("POST", `/${endpoint}`, body, { ...options, idempotencyKey });
    if (res.status === 504 && options.waitOnTimeout !== false) {
      const err = await errorFrom(res);
      if (err.code === "processing_timeout" && err.token) {
        return this.waitForResult<E>(err.token, { signal: options.signal });
      }
      throw err;
    }
    if (!res.ok) throw await errorFrom(res);
    const info = this.callInfo(res);
    if (sync) {
      return { status: "complete", ...info, result: (await this.parse(res)) as ResultOf[E] };
    }
    const accepted = (await res.json()) as Accepted;
    return {
      status: "accepted",
      ...info,
      token: accepted.token,
      ...(accepted.labels && { labels: accepted.labels }),
    };
  }

  /** POST /map: the site's URLs (same site, normalized, robots.txt obeyed). Costs 1 credit. */
  async map(body: MapRequest, options: { signal?: AbortSignal } = {}): Promise<MapResponse> {
    const res = await this.send("POST", "/map", body, options);
    if (!res.ok) throw await errorFrom(res);
    const info = this.callInfo(res);
    return { ...((await res.json()) as MapResult), cost: info.cost, remaining: info.remaining };
  }

  /** POST /crawl: starts crawling the site; follow it with waitForCrawl() or crawlPages(). */
  crawl(body: CrawlRequest, options: CallOptions = {}): Promise<CrawlAccepted> {
    return this.startSiteJob("crawl", body, options);
  }
  /** POST /batch: one entry per URL, in the order given; follow it with waitForBatch() or batchPages(). */
  batch(body: BatchRequest, options: CallOptions = {}): Promise<CrawlAccepted> {
    return this.startSiteJob("batch", body, options);
  }

  /** One answer of GET /crawl/{token}: the counts and the finished pages after `cursor`. */
  crawlStatus(token: string, options: { cursor?: string; signal?: AbortSignal } = {}): Promise<CrawlStatus> {
    return this.siteJobStatus("crawl", token, options);
  }
  batchStatus(token: string, options: { cursor?: string; signal?: AbortSignal } = {}): Promise<CrawlStatus> {
    return this.siteJobStatus("batch", token, options);
  }

  /** DELETE /crawl/{token}: no new page starts; pages already fetched stay readable. */
  cancelCrawl(token: string, options: { signal?: AbortSignal } = {}): Promise<CrawlCancelled> {
    return this.cancelSiteJob("crawl", token, options);
  }
  cancelBatch(token: string, options: { signal?: AbortSignal } = {}): Promise<CrawlCancelled> {
    return this.cancelSiteJob("batch", token, options);
  }

  /**
   * Every page of a crawl, each once, as it finishes: follows the cursor and waits while the
   * crawl runs.  `for await (const page of ptd.crawlPages(token)) save(page.url, page.operations)`
   */
  crawlPages(token: string, options: FollowOptions = {}): AsyncGenerator<CrawlPageEntry> {
    return this.followSiteJob("crawl", token, options);
  }
  batchPages(token: string, options: FollowOptions = {}): AsyncGenerator<CrawlPageEntry> {
    return this.followSiteJob("batch", token, options);
  }

  /** Waits for the crawl to end and answers its final status with every page in `data`. */
  waitForCrawl(token: string, options: FollowOptions = {}): Promise<CrawlStatus> {
    return this.collectSiteJob("crawl", token, options);
  }
  waitForBatch(token: string, options: FollowOptions = {}): Promise<CrawlStatus> {
    return this.collectSiteJob("batch", token, options);
  }

  private async startSiteJob(
    kind: SiteJobKind,
    body: CrawlRequest | BatchRequest,
    options: CallOptions,
  ): Promise<CrawlAccepted> {
    const idempotencyKey = options.idempotencyKey ?? randomKey();
    const res = await this.send("POST", `/${kind}`, body, { ...options, idempotencyKey });
    if (!res.ok) throw await errorFrom(res);
    return (await res.json()) as CrawlAccepted;
  }

  private async siteJobStatus(
    kind: SiteJobKind,
    token: string,
    options: { cursor?: string; signal?: AbortSignal },
  ): Promise<CrawlStatus> {
    const query = options.cursor ? `?cursor=${encodeURIComponent(options.cursor)}` : "";
    const res = await this.send("GET", `/${kind}/${encodeURIComponent(token)}${query}`, undefined, options);
    if (!res.ok) throw await errorFrom(res);
    return (await res.json()) as CrawlStatus;
  }

  private async cancelSiteJob(
    kind: SiteJobKind,
    token: string,
    options: { signal?: AbortSignal },
  ): Promise<CrawlCancelled> {
    const res = await this.send("DELETE", `/${kind}/${encodeURIComponent(token)}`, undefined, options);
    if (!res.ok) throw await errorFrom(res);
    return (await res.json()) as CrawlCancelled;
  }

  private async *followSiteJob(
    kind: SiteJobKind,
    token: string,
    options: FollowOptions,
  ): AsyncGenerator<CrawlPageEntry, CrawlProgress> {
    const started = Date.now();
    const timeoutMs = options.timeoutMs ?? 60 * 60_000;
    let cursor: string | undefined;
    for (;;) {
      const { data, next, ...progress } = await this.siteJobStatus(kind, token, {
        cursor,
        signal: options.signal,
      });
      options.onProgress?.(progress);
      yield* data;
      if (next === null) return progress;
      cursor = next;
      // While pages keep coming, read on at once; an empty answer means: wait for the next ones.
      if (data.length > 0) continue;
      const elapsed = Date.now() - started;
      if (elapsed >= timeoutMs) throw new PageToDataTimeoutError(token, elapsed);
      await sleep(Math.min(options.pollIntervalMs ?? 1000, timeoutMs - elapsed), options.signal);
    }
  }

  private async collectSiteJob(
    kind: SiteJobKind,
    token: string,
    options: FollowOptions,
  ): Promise<CrawlStatus> {
    const pages: CrawlPageEntry[] = [];
    const follow = this.followSiteJob(kind, token, options);
    for (;;) {
      const step = await follow.next();
      if (step.done) return { ...step.value, data: pages, next: null };
      pages.push(step.value);
    }
  }

  /**
   * One look at GET /result/{token}: the result when complete, `{ status: "processing" }` while it
   * runs; throws PageToDataError for failed (422), expired (410) and unknown (404) tokens.
   */
  async getResult<E extends Endpoint = Endpoint>(
    token: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<Completed<E> | { status: "processing"; token: string; retryAfterMs?: number }> {
    const res = await this.send("GET", `/result/${encodeURIComponent(token)}`, undefined, options);
    if (res.status === 202) {
      await res.body?.cancel();
      return { status: "processing", token, retryAfterMs: retryAfterMs(res) };
    }
    if (!res.ok) throw await errorFrom(res);
    return {
      status: "complete",
      ...this.callInfo(res),
      token,
      result: (await this.parse(res)) as ResultOf[E],
    };
  }

  /** Polls GET /result/{token} until the result is ready, waiting as long as Retry-After asks. */
  async waitForResult<E extends Endpoint = Endpoint>(
    token: string,
    options: WaitOptions = {},
  ): Promise<Completed<E>> {
    const started = Date.now();
    const timeoutMs = options.timeoutMs ?? 10 * 60_000;
    for (;;) {
      const state = await this.getResult<E>(token, options);
      if (state.status === "complete") return state;
      const elapsed = Date.now() - started;
      options.onPending?.(elapsed);
      if (elapsed >= timeoutMs) throw new PageToDataTimeoutError(token, elapsed);
      const wait = state.retryAfterMs ?? options.pollIntervalMs ?? 1000;
      await sleep(Math.min(wait, Math.max(0, timeoutMs - elapsed)), options.signal);
    }
  }

  /**
   * The raw HTTP call, with the key, the Idempotency-Key, the timeout and the retries: what the
   * typed methods, the CLI and the stdio MCP server all go through. Throws PageToDataError when
   * no answer came; any answer (2xx or not) is returned as it is.
   */
  send(
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    return send(this.transport, method, path, body, options);
  }

  private callInfo(res: Response): CallInfo {
    const producedBy = res.headers.get("x-produced-by");
    return {
      token: res.headers.get("x-result-token") ?? "",
      cached: res.headers.get("x-cache") === "hit",
      cost: intHeader(res, "x-quota-cost"),
      remaining: intHeader(res, "x-quota-remaining"),
      concurrencyLimit: intHeader(res, "x-concurrency-limit"),
      ...(producedBy && { producedBy }),
    };
  }

  private async parse(res: Response): Promise<unknown> {
    const type = res.headers.get("content-type") ?? "";
    return type.startsWith("application/json") ? res.json() : res.text();
  }
}
