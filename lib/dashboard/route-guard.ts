import { json } from "@/lib/api/respond";
import { AccessError, projectAccess, type Need } from "./access";
import { currentUser } from "./session";

/**
 * Session + project check for dashboard route handlers. Answers in the API's error shape so the
 * Playground shows dashboard refusals the same way it shows API errors.
 */
const notSignedIn = () =>
  json({ error: "not_signed_in", message: "Your session has ended. Sign in again." }, 401);

/** Session only: lets a route refuse a stranger before it reads anything they sent. */
export async function requireSession(): Promise<
  { ok: true; userId: string } | { ok: false; response: Response }
> {
  const user = await currentUser();
  return user ? { ok: true, userId: user.id } : { ok: false, response: notSignedIn() };
}

export async function authorizeProject(
  projectId: string,
  need: Need,
): Promise<{ ok: true; userId: string } | { ok: false; response: Response }> {
  const user = await currentUser();
  if (!user) return { ok: false, response: notSignedIn() };
  try {
    await projectAccess(user.id, projectId, need);
    return { ok: true, userId: user.id };
  } catch (err) {
    if (err instanceof AccessError)
      return { ok: false, response: json({ error: "forbidden", message: err.message }, err.status) };
    throw err;
  }
}
