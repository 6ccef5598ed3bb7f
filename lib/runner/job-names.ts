/**
 * The run-request job's name, beside its definition (./jobs.ts). A module of its own so that the
 * ones enqueueing it (the pipeline; a busy-host retry in ./run-request.ts) can name the job without
 * loading its handler, and without an import circle through the definition.
 */
export const RUN_REQUEST_JOB = "run-request";
