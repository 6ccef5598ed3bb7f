import { notFound } from "next/navigation";
import { requireUser } from "./session";
import { AccessError, projectAccess } from "./access";

/** Every project sub-page: signed in (else to login, back here after), and a member (else 404). */
export async function requireProjectMember(projectId: string, path: string) {
  const user = await requireUser(path);
  try {
    return await projectAccess(user, projectId, "member");
  } catch (err) {
    if (err instanceof AccessError) notFound();
    throw err;
  }
}
