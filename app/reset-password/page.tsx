import Link from "next/link";
import type { Metadata } from "next";
import { checkResetToken } from "@/lib/auth/password-reset";
import { ensureBooted } from "@/lib/server/boot";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert } from "@/components/ui/alert";
import { DevOutboxLink } from "@/components/auth/dev-outbox-link";

export const metadata: Metadata = { title: "Choose a new password · page-to-data" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  await ensureBooted();
  const check = await checkResetToken(token);
  return (
    <AuthFrame
      title="Choose a new password"
      footer={
        <span className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          <Link href="/forgot-password" className="font-medium text-indigo-700 hover:text-indigo-900">
            Ask for a new link
          </Link>
          <DevOutboxLink />
        </span>
      }
    >
      {check.status === "valid" ? (
        <>
          <p className="mb-4 text-sm text-slate-600">
            For <strong>{check.email}</strong>. Every other session of this account ends.
          </p>
          <ResetPasswordForm token={token} />
        </>
      ) : (
        <Alert tone="error" title="This link cannot be used" testId="reset-invalid">
          {check.status === "expired"
            ? "It has expired: links work for one hour."
            : "It is incomplete or has been used already."}{" "}
          Ask for a new one.
        </Alert>
      )}
    </AuthFrame>
  );
}
