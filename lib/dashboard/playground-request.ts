import { z } from "zod";
import { ENDPOINTS } from "@/lib/schemas/operations";

/** What the Playground posts: the project to act as, the endpoint, and the API body unchanged. */
export const playgroundRequestSchema = z.object({
  projectId: z.string().min(1).max(100),
  endpoint: z.enum(ENDPOINTS),
  // Validated by the API pipeline itself, with the same 422s a real client gets.
  body: z.record(z.string(), z.unknown()),
});

export type PlaygroundRequest = z.infer<typeof playgroundRequestSchema>;
