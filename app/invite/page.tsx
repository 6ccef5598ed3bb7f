import Link from "next/link";
import type { Metadata } from "next";
import { db } from "@/lib/db";
import { viewInvitation } from "@/lib/auth/invitations";
import { currentUser } from "@/lib/dashboard/session";
import { ensureBooted } from "@/lib/server/boot";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AcceptInvitation } from "@/components/auth/accept-invitation";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Invitation · page-to-data" };

export default async function InvitePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  await ensureBooted();
  const view = await viewInvitation(token);
  if (view.status !== "pending")
    return (
      <AuthFrame title="Invitation">
        <Alert tone="error" title="This invitation cannot be used" testId="invite-invalid">
          {view.status === "expired"
            ? "It has expired (invitations last 7 days)."
            : "It may have been used, replaced or withdrawn."}{" "}
          Ask the organization&apos;s owner or an admin for a new one.
        </Alert>
      </AuthFrame>
    );
  const user = await currentUser();
  const here = `/invite?token=${encodeURIComponent(token)}`;
  const accountExists =
    !user && Boolean(await db().user.findUnique({ where: { email: view.email }, select: { id: true } }));
  return (
    <AuthFrame
      title={`Join ${view.organization}`}
      subtitle={`${view.invitedBy} invited ${view.email} as ${view.role}.`}
    >
      {user && user.email === view.email ? (
        <AcceptInvitation token={token} mode="accept" />
      ) : user ? (
        <Alert tone="warning" title="Signed in as someone else" testId="invite-other-user">
          You are signed in as <strong>{user.email}</strong>. Sign out, then open this link again and sign in
          (or sign up) as <strong>{view.email}</strong>.
        </Alert>
      ) : accountExists ? (
        <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`} className={buttonClass("primary")}>
          Sign in as {view.email} to accept
        </Link>
      ) : (
        <AcceptInvitation token={token} mode="sign-up" />
      )}
    </AuthFrame>
  );
}
