/**
 * The browser-facing security headers, in one place: next.config.ts sets the static ones on every
 * answer, proxy.ts adds the per-request page policy (it needs a fresh nonce each time).
 * docs/security.md explains the threat each one answers.
 */
import { config } from "../config";
import { ENDPOINTS, SITE_ENDPOINTS } from "../schemas/operations";

/** On every answer: no MIME sniffing, no clickjacking, no full URLs (tokens, ids) leaking to other sites. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  // frame-ancestors 'none' says the same to every current browser; this covers older ones.
  "X-Frame-Options": "DENY",
};

/**
 * API answers are data. A sync html/markdown result keeps its spec'd Content-Type, so a browser
 * told to open one must still never run it: no loads, no scripts, an opaque origin, no framing.
 */
export const API_CSP =
  "default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Paths answered by API route handlers (with and without the /api prefix, see next.config.ts rewrites). */
export const API_PATH_SOURCES = [
  "/api/:path*",
  ...ENDPOINTS.map((op) => `/${op}`),
  "/result/:token",
  ...SITE_ENDPOINTS.map((e) => `/${e}`),
  "/crawl/:token",
  "/batch/:token",
];

/**
 * The policy for the dashboard, Playground, Docs and auth pages. Scripts: only those carrying this
 * request's nonce (Next.js stamps it on its own), and what they load ('strict-dynamic').
 *
 * The Playground previews a fetched page in a sandboxed srcdoc iframe, which inherits this policy;
 * so images, styles and fonts may come from any http(s) site (a preview without them is useless).
 * None of these can run code: scripts stay nonce-only, objects and workers are off. base-uri stays
 * 'self' (an injected <base> could re-point nonced scripts): the preview makes its addresses
 * absolute instead (lib/dashboard/preview-html.ts).
 */
export function pageCsp(nonce: string, dev = config().NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval' only in `next dev`: React rebuilds server error stacks with eval there.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline' https: http:",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data: https: http:",
    "media-src 'self' data: blob: https: http:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** 128 random bits, base64: unguessable and fresh for every page request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
