/**
 * Where to go after signing in. Only same-site paths: an absolute or protocol-relative
 * callbackUrl would turn the login page into an open redirect.
 */
export function safeCallbackPath(raw: string | string[] | undefined, fallback = "/dashboard"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
