import { afterAll, expect } from "vitest";
import type { ContractLog } from "./openapi-contract";

/**
 * Every test file: the responses the harness saw (tests/support/app.ts post/get) must all conform
 * to the OpenAPI document. No import of the checker here, so files without HTTP pay nothing.
 */
afterAll(async () => {
  const log = (globalThis as { __ptdContract?: ContractLog }).__ptdContract;
  if (!log) return;
  await Promise.all(log.pending);
  expect(log.violations, `responses breaking /api/openapi.json (of ${log.checked} checked)`).toEqual([]);
});
