/**
 * page-to-data/sdk: the typed client, its errors, and webhook verification.
 *
 *   import { PageToData } from "page-to-data/sdk";
 *   const ptd = new PageToData({ apiKey: process.env.PAGE_TO_DATA_API_KEY });
 *   const { result } = await ptd.markdown({ url: "https://example.com/", sync: true });
 */
export {
  PageToData,
  type AcceptedResponse,
  type CallInfo,
  type CallOptions,
  type ClientOptions,
  type Completed,
  type CrawlProgress,
  type FollowOptions,
  type MapResponse,
  type SiteJobKind,
  type Endpoint,
  type OperationResponse,
  type RequestBodies,
  type WaitOptions,
} from "./client";
export { PageToDataError, PageToDataTimeoutError, type ErrorBody } from "./errors";
export { verifyWebhook, type WebhookPayload } from "./webhook";
export type { LighthouseRequest, PageRequest, ScrapeRequest, ScreenshotRequest } from "../schemas/request";
export type {
  Accepted,
  ConsoleEntry,
  LighthouseResult,
  Metadata,
  Processing,
  ResultOf,
  ScrapeResult,
} from "../schemas/responses";
export type {
  BatchRequest,
  CrawlAccepted,
  CrawlCancelled,
  CrawlPageEntry,
  CrawlRequest,
  CrawlStatus,
  MapRequest,
  MapResult,
} from "../schemas/crawl";
export type { PageOptions, ScreenshotOptions } from "../schemas/options";
