import { guard, json } from "@/lib/api/respond";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { callerForProject } from "@/lib/auth/authenticate";
import { processOperation } from "@/lib/api/pipeline";
import { readJsonBody } from "@/lib/api/read-body";
import { playgroundRequestSchema } from "@/lib/dashboard/playground-request";
import { authorizeProject, requireSession } from "@/lib/dashboard/route-guard";
import { ensureBooted } from "@/lib/server/boot";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * Playground: runs a request through the public API's own pipeline as the chosen project, signed
 * in by session instead of a key (the dashboard is not gated by email confirmation, spec §5.4).
 * The pipeline's Response — status, headers, body — is returned as is, but as an inert download
 * (a fetched page's HTML must never render on the dashboard's origin).
 * A stranger is refused before a byte of the body is read; the body itself is read with the API's cap.
 */
export function POST(req: Request): Promise<Response> {
  return answer(req).then(asInertDownload);
}

function answer(req: Request): Promise<Response> {
  return guard(async () => {
    await ensureBooted();
    const session = await requireSession();
    if (!session.ok) {
      await req.body?.cancel().catch(() => {});
      return session.response;
    }
    const parsed = playgroundRequestSchema.safeParse(await readJsonBody(req));
    if (!parsed.success) {
      return json(
        { error: "invalid_body", message: "Send { projectId, endpoint, body } with a known endpoint." },
        400,
      );
    }
    const { projectId, endpoint, body } = parsed.data;
    const access = await authorizeProject(projectId, "member");
    if (!access.ok) return access.response;
    await enforceRateLimit(projectId);
    return processOperation(await callerForProject(projectId), endpoint, body);
  });
}
