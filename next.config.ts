import type { NextConfig } from "next";
import { ENDPOINTS } from "./lib/schemas/operations";

const nextConfig: NextConfig = {
  // `tsc --noEmit` runs over the whole project (tests included) in the test command; not twice.
  typescript: { ignoreBuildErrors: true },
  // Native/WASM and browser packages stay plain Node modules, loaded at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pglite-prisma-adapter",
    "pg-boss",
    "playwright-core",
    "lighthouse",
    "@ghostery/adblocker-playwright",
    "@duckduckgo/autoconsent",
    "@prisma/adapter-pg",
    "pg",
  ],
  // The API is reached at both /api/<op> and /<op> (the spec's paths have no prefix).
  async rewrites() {
    return [
      ...ENDPOINTS.map((op) => ({ source: `/${op}`, destination: `/api/${op}` })),
      { source: "/result/:token", destination: "/api/result/:token" },
    ];
  },
};

export default nextConfig;
