/**
 * @page-to-data/sdk: the typed client, its errors, and webhook verification. No dependencies.
 *
 *   import { PageToData } from "@page-to-data/sdk";        // or require("@page-to-data/sdk")
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
  type OperationMethod,
  type SiteJobKind,
  type RequestBodies,
  type WaitOptions,
} from "./client";
export {
  PageToDataError,
  PageToDataTimeoutError,
  type ClientErrorCode,
  type ErrorBody,
  type ErrorCode,
} from "./errors";
export { verifyWebhook, WebhookVerificationError, type WebhookPayload } from "./webhook";
export { ENDPOINTS, OPERATIONS } from "./api-types";
export type {
  Accepted,
  ApiErrorCode,
  BatchRequest,
  ConsoleEntry,
  CrawlAccepted,
  CrawlCancelled,
  CrawlPageEntry,
  CrawlRequest,
  CrawlStatus,
  Endpoint,
  FailureCode,
  LighthouseRequest,
  LighthouseResult,
  MapRequest,
  MapResult,
  MarkdownOptions,
  MarkdownRequest,
  Metadata,
  OperationName,
  PageOptions,
  PageRequest,
  Processing,
  ResultOf,
  ScrapeRequest,
  ScrapeResult,
  ScreenshotOptions,
  ScreenshotRequest,
} from "./api-types";
