import { config, type Config } from "@/lib/config";

/**
 * Inngest in production (any key, or a dev server address with INNGEST_DEV); otherwise pg-boss on
 * the app's own database, which needs nothing else installed.
 */
export function jobDriverKind(c: Config = config()): "pg-boss" | "inngest" {
  const set = (name: "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY" | "INNGEST_DEV" | "INNGEST_BASE_URL") => {
    const v = c[name]?.toLowerCase();
    return Boolean(v) && v !== "0" && v !== "false";
  };
  if (set("INNGEST_EVENT_KEY") || set("INNGEST_SIGNING_KEY")) return "inngest";
  if (set("INNGEST_DEV") && set("INNGEST_BASE_URL")) return "inngest";
  return "pg-boss";
}
