import { z } from "zod";
import { ENDPOINTS, SITE_ENDPOINTS } from "@/lib/schemas/operations";

/** What the Playground posts: the project to act as, the endpoint, and the API body unchanged. */
export const playgroundRequestSchema = z.object({
  projectId: z.string().min(1).max(100),
  endpoint: z.enum(ENDPOINTS),
  // Validated by the API pipeline itself, with the same 422s a real client gets.
  body: z.record(z.string(), z.unknown()),
});

export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;

/** The Playground's whole-site tabs: POST /map, /crawl or /batch as the chosen project. */
export const siteRequestSchema = z.object({
  projectId: z.string().min(1).max(100),
  endpoint: z.enum(SITE_ENDPOINTS),
  body: z.record(z.string(), z.unknown()),
});

/** Following or cancelling one crawl or batch: GET/DELETE ?projectId=…&kind=…&token=…[&cursor=…]. */
export const siteTokenQuerySchema = z.object({
  projectId: z.string().min(1).max(100),
  kind: z.enum(["crawl", "batch"]),
  token: z.string().min(1).max(200),
  cursor: z.string().max(500).nullable(),
});
