import type { NextConfig } from "next";
import { ENDPOINTS, SITE_ENDPOINTS } from "./lib/schemas/operations";
import { API_CSP, API_PATH_SOURCES, COMMON_SECURITY_HEADERS } from "./lib/security/headers";

const asList = (h: Record<string, string>) => Object.entries(h).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  // `tsc --noEmit` runs over the whole project (tests included) in the test command; not twice.
  typescript: { ignoreBuildErrors: true },
  // Say nothing about the stack to a scanner.
  poweredByHeader: false,
  // Native/WASM and browser packages stay plain Node modules, loaded at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg-boss",
    "playwright-core",
    "lighthouse",
    // Lighthouse's browser is driven through it (lib/lighthouse/browser.ts): one copy, Lighthouse's.
    "puppeteer-core",
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
      ...SITE_ENDPOINTS.map((e) => ({ source: `/${e}`, destination: `/api/${e}` })),
      { source: "/crawl/:token", destination: "/api/crawl/:token" },
      { source: "/batch/:token", destination: "/api/batch/:token" },
    ];
  },
  // Static security headers (docs/security.md). Pages get their nonce policy from proxy.ts; API
  // answers get a policy that makes any of them inert if a browser opens it.
  async headers() {
    return [
      { source: "/:path*", headers: asList(COMMON_SECURITY_HEADERS) },
      ...API_PATH_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: API_CSP }],
      })),
    ];
  },
};

export default nextConfig;
