import { Inngest } from "inngest";

/**
 * The app's Inngest client. Keys and the dev-server address come from the environment
 * (INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV, INNGEST_BASE_URL), read by the SDK itself.
 */
export const inngest = new Inngest({ id: "page-to-data" });
