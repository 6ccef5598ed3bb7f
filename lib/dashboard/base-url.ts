import { headers } from "next/headers";
import { config } from "@/lib/config";

/**
 * The address links in emails point at. NEXTAUTH_URL (or APP_URL) when configured, because a
 * Host header is client input and a forged one would otherwise put a foreign domain in our mail;
 * the request's own host otherwise, which is right for a local install.
 */
export async function appBaseUrl(): Promise<string> {
  const configured = config().APP_URL ?? config().NEXTAUTH_URL;
  if (configured) return configured.origin;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
