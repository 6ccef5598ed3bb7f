/**
 * The operation names (spec §2.5), with no dependencies so that client bundles (the Playground)
 * and next.config.ts can use the same list as the schemas.
 */
export const OPERATIONS = [
  "html",
  "markdown",
  "screenshot",
  "meta",
  "summarize",
  "keywords",
  "lighthouse",
  "console",
] as const;
export type OperationName = (typeof OPERATIONS)[number];

/** Every POST endpoint: each operation alone, and scrape. */
export const ENDPOINTS = [...OPERATIONS, "scrape"] as const;
