import { AccessError } from "./access";
import { currentUser, type DashboardUser } from "./session";

/** What every dashboard server action answers: data, or a message the form shows as is. */
export type ActionResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

/**
 * Runs an action body for the signed-in user. Server actions are public HTTP endpoints, so each one
 * re-checks the session here rather than trusting that the page which rendered the button did.
 */
export async function asUser<T extends object>(
  body: (user: DashboardUser) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const user = await currentUser();
    if (!user) return { ok: false, error: "Your session has ended. Sign in again." };
    return { ok: true, ...(await body(user)) };
  } catch (err) {
    if (err instanceof AccessError || err instanceof UserFacingError)
      return { ok: false, error: err.message };
    console.error("[dashboard] action failed:", err);
    return { ok: false, error: "Something went wrong on our side. Try again in a moment." };
  }
}

/** An error whose message is written for the person using the form. */
export class UserFacingError extends Error {}
