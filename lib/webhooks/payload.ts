/**
 * The body of a result delivery (docs/spec.md §6 leaves the layout to us; documented in docs/webhooks.md).
 * `result` is the operation's own result format, exactly as GET /result/{token} returns it.
 */
export interface WebhookPayload {
  type: "request.completed" | "request.failed";
  timestamp: string;
  data: {
    token: string;
    operation: string;
    url: string;
    status: "complete" | "failed";
    result?: unknown;
    error?: string;
    error_code?: string;
    labels?: Record<string, string>;
    cost: number;
    cached: boolean;
    /** AI operations: which method answered, e.g. "summarize=builtin". */
    produced_by?: string;
    processing_time_ms: number | null;
    created_at: string;
    finished_at: string | null;
  };
}
