import type { ResultView } from "@/lib/requests/read";
import { clientError } from "@/lib/errors";
import { failureResponse, json, resultResponse } from "./respond";

type Complete = Extract<ResultView, { state: "complete" }>;

export interface ResultAnswerOptions {
  /**
   * A request still running: "accepted" answers 202 with Retry-After (GET /result, the Playground's
   * poll); "timed-out" is a sync request that outlived its wait: 504 with the token.
   */
  whileProcessing: "accepted" | "timed-out";
  /** Headers a complete answer carries beyond X-Result-Token, X-Cache and X-Produced-By. */
  completeHeaders?: (view: Complete) => Record<string, string>;
}

/**
 * THE answer with a request's stored state (docs/spec.md §4.1, §4.2), for every path that answers with
 * one: a sync request's answer, GET /result/{token}, the MCP get_result tool and the Playground's
 * poll. Errors are thrown as ApiErrors (the callers' `guard` turns them into their status).
 */
export function answerWithResult(view: ResultView, options: ResultAnswerOptions): Response {
  switch (view.state) {
    case "unknown":
      throw clientError.notFound();
    case "expired":
      throw clientError.expired(view.token);
    case "processing":
      if (options.whileProcessing === "timed-out") throw clientError.processingTimeout(view.token);
      return json(
        { token: view.token, status: "processing", ...(view.labels ? { labels: view.labels } : {}) },
        202,
        // When to look again: clients (the SDK's waitForResult) poll at this pace.
        { "X-Result-Token": view.token, "Retry-After": "1" },
      );
    case "failed":
      return failureResponse(view.code, view.error, view.token);
    case "complete":
      return resultResponse(view.body, view.contentType, {
        "X-Result-Token": view.token,
        "X-Cache": view.cached ? "hit" : "miss",
        // Which method produced an AI result (docs/architecture.md §2), without changing the result's format.
        ...(view.producedBy ? { "X-Produced-By": view.producedBy } : {}),
        ...options.completeHeaders?.(view),
      });
  }
}
