import type { NextRequest } from "next/server";
import { dashboardError } from "@/lib/errors";
import { guard } from "@/lib/api/respond";
import { ensureBooted } from "@/lib/server/boot";
import { AccessError, projectAccess, type Need } from "./access";
import { currentUser } from "./session";

/** What a dashboard route handler is given: what the request named, and who is asking. */
export type ProjectSession<T> = T & {
  userId: string;
  role: Awaited<ReturnType<typeof projectAccess>>["role"];
};

/**
 * The dashboard's route handlers, on the model of dub's `withWorkspace`: resolves the signed-in
 * admin, reads which project the request names (`read`, which throws the table's errors for input
 * it cannot use), checks that the admin may act on it with `need`, and turns every thrown error of
 * the one error table (lib/api/errors.ts) into the API's error shape, so the Playground shows a
 * dashboard refusal the way it shows an API error.
 *
 * A stranger is refused before anything they sent is read (`read` runs after the session check).
 */
export function withProjectSession<T extends { projectId: string }>(
  read: (req: NextRequest) => T | Promise<T>,
  handler: (session: ProjectSession<T>, req: NextRequest) => Promise<Response>,
  need: Need = "member",
): (req: NextRequest) => Promise<Response> {
  return (req) =>
    guard(async () => {
      await ensureBooted();
      const user = await currentUser();
      if (!user) {
        await req.body?.cancel().catch(() => {});
        throw dashboardError.notSignedIn();
      }
      const input = await read(req);
      const { role } = await projectAccess(user, input.projectId, need).catch((err: unknown) => {
        if (!(err instanceof AccessError)) throw err;
        throw err.status === 404
          ? dashboardError.noSuchProject(err.message)
          : dashboardError.forbidden(err.message);
      });
      return handler({ ...input, userId: user.id, role }, req);
    });
}
