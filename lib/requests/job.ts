import type { FailureCode } from "@/lib/failures";
import { jobName } from "@/lib/jobs";

/**
 * The run-request job's name and payload. Accepting a request enqueues it (./accept.ts), the
 * runner defines and runs it (lib/runner/jobs.ts) and re-enqueues it on a busy host: both live
 * with the request's life, below both, so neither reaches into the other, and every `enqueue` of
 * it is checked against the payload's type.
 */

/** Where a page job stands with its host: what its payload carries from one run to the next (lib/runner/polite-visit.ts). */
export interface VisitJobState {
  /** Code of this page's last retryable failure, when this run is a retry. */
  lastFailure?: FailureCode;
  /** The host turn reserved for this run (epoch ms): attempt then without asking again. */
  turnAt?: number;
  /** This run is in its host's lane (one run of that host's lane at a time). */
  lane?: boolean;
}

/** What a run-request job carries: the token, and where its busy-host retries stand (docs/spec.md §7.5). */
export interface RunRequestJob extends VisitJobState {
  token: string;
}

export const RUN_REQUEST_JOB = jobName<RunRequestJob>("run-request");
