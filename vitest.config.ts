import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    // Fails a file whose HTTP responses break the OpenAPI document (tests/support/openapi-contract.ts).
    setupFiles: ["tests/support/setup.ts"],
    // Two cores: browser and database tests fight for CPU, so run files one or two at a time.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
