/**
 * The run-request job's name. Accepting a request enqueues it (./accept.ts), the runner defines
 * and runs it (lib/runner/jobs.ts) and re-enqueues it on a busy host: the name lives with the
 * request's life, below both, so neither reaches into the other.
 */
export const RUN_REQUEST_JOB = "run-request";
