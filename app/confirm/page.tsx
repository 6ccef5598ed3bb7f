import Link from "next/link";
import type { Metadata } from "next";
import { confirmEmailToken, type ConfirmOutcome } from "@/lib/auth/confirm-email";
import { ensureBooted } from "@/lib/server/boot";
import { AuthFrame } from "@/components/auth/auth-frame";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Confirm email · page-to-data" };

const MESSAGES: Record<
  ConfirmOutcome["status"],
  { tone: "success" | "info" | "error"; title: string; text: string }
> = {
  confirmed: {
    tone: "success",
    title: "Email address confirmed",
    text: "You can sign in now; your organization's API keys are enabled.",
  },
  "already-confirmed": {
    tone: "info",
    title: "Already confirmed",
    text: "This address was confirmed before; nothing else to do.",
  },
  expired: {
    tone: "error",
    title: "This link has expired",
    text: "Links work for 24 hours. Signed in, request a new one from Settings; not signed in yet, use “Forgot password”: its link confirms the address too.",
  },
  invalid: {
    tone: "error",
    title: "This link is not valid",
    text: "It may be incomplete or replaced. Signed in, request a new one from Settings; not signed in yet, use “Forgot password”: its link confirms the address too.",
  },
};

/** The target of the emailed link: confirming is idempotent, so opening it twice is harmless. */
export default async function ConfirmPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  await ensureBooted();
  const outcome: ConfirmOutcome = token ? await confirmEmailToken(token) : { status: "invalid" };
  const message = MESSAGES[outcome.status];
  return (
    <AuthFrame title="Email confirmation">
      <Alert tone={message.tone} title={message.title} testId="confirm-result">
        {"email" in outcome && (
          <>
            <strong>{outcome.email}</strong>:{" "}
          </>
        )}
        {message.text}
      </Alert>
      <div className="mt-6 flex gap-3">
        <Link href="/dashboard" className={buttonClass("primary")}>
          Go to the dashboard
        </Link>
        {outcome.status !== "confirmed" && outcome.status !== "already-confirmed" && (
          <Link href="/dashboard/settings" className={buttonClass("secondary")}>
            Settings
          </Link>
        )}
      </div>
    </AuthFrame>
  );
}
