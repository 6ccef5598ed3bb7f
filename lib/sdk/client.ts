import type {
  BatchRequest,
  CrawlAccepted,
  CrawlCancelled,
  CrawlPageEntry,
  CrawlRequest,
  CrawlStatus,
  MapRequest,
  MapResult,
} from "../schemas/crawl";
import type { LighthouseRequest, PageRequest, ScrapeRequest, ScreenshotRequest } from "../schemas/request";
import type { Accepted, ResultOf } from "../schemas/responses";
import { PageToDataError, PageToDataTimeoutError, type ErrorBody } from "./errors";

/**
 * A typed client for the page-to-data API: one method per operation, result collection that
 * honours Retry-After, automatic retry of 429s that spend nothing, typed errors.
 */

export type Endpoint = keyof ResultOf;

export interface RequestBodies {
  html: PageRequest;
  markdown: PageRequest;
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
  /** How many times a 429 rate_limited / concurrency_limit is retried (default 4). */
  maxRetries?: number;
  /** First backoff delay when the API gives no Retry-After (default 1000 ms, doubled each time). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Sent as Idempotency-Key: the same key with the same request returns the first result. */
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

export type OperationResponse<E extends Endpoint, R> = R extends { sync: true }
  ? Completed<E>
  : AcceptedResponse;

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
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

function env(name: string): string | undefined {
  return typeof process !== "undefined" ? process.env?.[name] : undefined;
}

function retryAfterMs(res: Response): number | undefined {
  const value = res.headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function intHeader(res: Response, name: string): number | null {
  const v = res.headers.get(name);
  return v === null || v === "" ? null : Number(v);
}

export class PageToData {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? env("PAGE_TO_DATA_API_KEY");
    if (!apiKey) {
      throw new Error("No API key: pass { apiKey } or set PAGE_TO_DATA_API_KEY.");
    }
    this.apiKey = apiKey;
    this.baseUrl = (options.baseUrl ?? env("PAGE_TO_DATA_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.maxRetries = options.maxRetries ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  html<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("html", body, options);
  }
  markdown<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("markdown", body, options);
  }
  /** The result is the image, Base64-encoded; decode with Buffer.from(result, "base64"). */
  screenshot<R extends ScreenshotRequest>(body: R, options?: CallOptions) {
    return this.run("screenshot", body, options);
  }
  meta<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("meta", body, options);
  }
  summarize<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("summarize", body, options);
  }
  keywords<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("keywords", body, options);
  }
  lighthouse<R extends LighthouseRequest>(body: R, options?: CallOptions) {
    return this.run("lighthouse", body, options);
  }
  console<R extends PageRequest>(body: R, options?: CallOptions) {
    return this.run("console", body, options);
  }
  scrape<R extends ScrapeRequest>(body: R, options?: CallOptions) {
    return this.run("scrape", body, options);
  }

  /** Any operation by name: sync requests resolve to the result, async ones to the token. */
  async run<E extends Endpoint, R extends RequestBodies[E]>(
    endpoint: E,
    body: R,
    options: CallOptions = {},
  ): Promise<OperationResponse<E, R>> {
    const res = await this.send("POST", `/${endpoint}`, body, options);
    if (res.status === 504 && options.waitOnTimeout !== false) {
      const err = await this.errorFrom(res);
      if (err.code === "processing_timeout" && err.token) {
        return (await this.waitForResult<E>(err.token, { signal: options.signal })) as OperationResponse<
          E,
          R
        >;
      }
      throw err;
    }
    if (!res.ok) throw await this.errorFrom(res);
    const info = this.callInfo(res);
    if ((body as PageRequest).sync) {
      return { status: "complete", ...info, result: await this.parse(res) } as OperationResponse<E, R>;
    }
    const accepted = (await res.json()) as Accepted;
    return {
      status: "accepted",
      ...info,
      token: accepted.token,
      ...(accepted.labels && { labels: accepted.labels }),
    } as OperationResponse<E, R>;
  }

  /** POST /map: the site's URLs (same site, normalized, robots.txt obeyed). Costs 1 credit. */
  async map(body: MapRequest, options: { signal?: AbortSignal } = {}): Promise<MapResponse> {
    const res = await this.send("POST", "/map", body, options);
    if (!res.ok) throw await this.errorFrom(res);
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
    const res = await this.send("POST", `/${kind}`, body, options);
    if (!res.ok) throw await this.errorFrom(res);
    return (await res.json()) as CrawlAccepted;
  }

  private async siteJobStatus(
    kind: SiteJobKind,
    token: string,
    options: { cursor?: string; signal?: AbortSignal },
  ): Promise<CrawlStatus> {
    const query = options.cursor ? `?cursor=${encodeURIComponent(options.cursor)}` : "";
    const res = await this.send("GET", `/${kind}/${encodeURIComponent(token)}${query}`, undefined, options);
    if (!res.ok) throw await this.errorFrom(res);
    return (await res.json()) as CrawlStatus;
  }

  private async cancelSiteJob(
    kind: SiteJobKind,
    token: string,
    options: { signal?: AbortSignal },
  ): Promise<CrawlCancelled> {
    const res = await this.send("DELETE", `/${kind}/${encodeURIComponent(token)}`, undefined, options);
    if (!res.ok) throw await this.errorFrom(res);
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
    if (!res.ok) throw await this.errorFrom(res);
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
   * The raw HTTP call, with the key, the Idempotency-Key and the 429 retries: what the typed
   * methods, the CLI and the stdio MCP server all go through.
   */
  async send(
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    options: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: "application/json, text/*",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
    for (let attempt = 0; ; attempt++) {
      const res = await this.fetchImpl(this.baseUrl + path, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: options.signal,
      });
      if (res.status !== 429 || attempt >= this.maxRetries) return res;
      // Only 429s that clear with time are retried; out of credits (quota_exceeded) does not.
      const peek = (await res
        .clone()
        .json()
        .catch(() => ({}))) as ErrorBody;
      if (peek.error !== "rate_limited" && peek.error !== "concurrency_limit") return res;
      await res.body?.cancel();
      const backoff = this.retryDelayMs * 2 ** attempt * (1 + Math.random() * 0.25);
      await sleep(Math.min(retryAfterMs(res) ?? backoff, 60_000), options.signal);
    }
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

  private async errorFrom(res: Response): Promise<PageToDataError> {
    const text = await res.text();
    let body: ErrorBody;
    try {
      body = JSON.parse(text) as ErrorBody;
    } catch {
      body = { error: `http_${res.status}`, message: text.slice(0, 500) || res.statusText };
    }
    const after = retryAfterMs(res);
    return new PageToDataError(res.status, body, after === undefined ? undefined : after / 1000);
  }
}
