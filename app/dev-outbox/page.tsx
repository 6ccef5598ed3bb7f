import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { signedOutOutbox, devOutboxOn } from "@/lib/dashboard/dev-outbox";
import { ensureBooted } from "@/lib/server/boot";
import { AuthFrame } from "@/components/auth/auth-frame";
import { OutboxMails } from "@/components/dashboard/outbox-list";

export const metadata: Metadata = { title: "Dev outbox · page-to-data" };
export const dynamic = "force-dynamic";

/**
 * The dev outbox for someone signed out (issue 26 point 5): the password-reset mail just asked
 * for, to the address this browser typed, read through the signed pass the request left
 * (lib/auth/dev-outbox-pass.ts). Outside development mode the page does not exist.
 */
export default async function DevOutboxPage() {
  if (!devOutboxOn()) notFound();
  await ensureBooted();
  const view = await signedOutOutbox();
  return (
    <AuthFrame
      title="Dev outbox"
      subtitle="Development mode: no mail leaves this machine. This page shows the email you just asked for (a password reset or a sign-up), and nothing else."
      footer={
        <span className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          <Link href="/forgot-password" className="font-medium text-indigo-700 hover:text-indigo-900">
            Ask for a reset link
          </Link>
          <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-900">
            Sign in
          </Link>
        </span>
      }
    >
      <div data-testid="dev-outbox">
        {!view ? (
          <p className="text-sm text-slate-700">
            Nothing to show: ask for a password reset or sign up on this browser first. What you asked for
            stays readable here for 15 minutes.
          </p>
        ) : view.mails.length === 0 ? (
          <p className="text-sm text-slate-700">
            No reset email to <strong className="break-all">{view.pass.email}</strong>: no account with a
            password uses this address.
          </p>
        ) : (
          <OutboxMails items={view.mails} />
        )}
      </div>
    </AuthFrame>
  );
}
