import type { NextRequest } from "next/server";
import { clientError } from "@/lib/errors";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { callerForProject } from "@/lib/auth/authenticate";
import { processOperation } from "@/lib/api/pipeline";
import { readJsonBody } from "@/lib/api/read-body";
import { validateIdempotencyKey } from "@/lib/api/validate";
import { playgroundRequestSchema } from "@/lib/dashboard/playground-request";
import { withProjectSession } from "@/lib/dashboard/with-project-session";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * Playground: runs a request through the public API's own pipeline as the chosen project, signed
 * in by session instead of a key (the dashboard is not gated by email confirmation, docs/spec.md §5.4).
 * The pipeline's Response — status, headers, body — is returned as is, but as an inert download
 * (a fetched page's HTML must never render on the dashboard's origin).
 * A stranger is refused before a byte of the body is read; the body itself is read with the API's cap.
 */
export function POST(req: NextRequest): Promise<Response> {
  return answer(req).then(asInertDownload);
}

const answer = withProjectSession(
  async (req) => {
    const parsed = playgroundRequestSchema.safeParse(await readJsonBody(req));
    if (!parsed.success)
      throw clientError.invalidBody("Send { projectId, endpoint, body } with a known endpoint.");
    return parsed.data;
  },
  async ({ projectId, endpoint, body, userId }, req) => {
    await enforceRateLimit(projectId);
    // The Playground forwards Idempotency-Key as the public API reads it (a header), same checks.
    const idempotencyKey = validateIdempotencyKey(req.headers.get("idempotency-key"));
    return processOperation(await callerForProject(projectId, userId), endpoint, body, idempotencyKey);
  },
);
