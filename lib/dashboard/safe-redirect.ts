/**
 * Where to go after signing in: a path on this app, never another site. The value is resolved the
 * way the browser will resolve it (WHATWG URL: tabs and newlines dropped, `\` read as `/`, `//host`
 * taking a new host) against the app's origin, and only a same-origin result is kept, as its
 * normalised path. Checking the raw string instead is how `/%09/evil.example` got through.
 */
const INTERNAL_ORIGIN = "http://app.internal.invalid";

export function safeCallbackPath(
  raw: string | string[] | undefined,
  fallback = "/dashboard",
  origin: string = INTERNAL_ORIGIN,
): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || url.username || url.password) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil" normalises to the path "//evil", which a browser reads as a host: still not ours.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
