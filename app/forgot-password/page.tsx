import Link from "next/link";
import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { DevOutboxLink } from "@/components/auth/dev-outbox-link";

export const metadata: Metadata = { title: "Forgot password · page-to-data" };
// Whether the dev outbox is on is known only at run time (lib/email/mode.ts).
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  return (
    <AuthFrame
      title="Forgot your password?"
      subtitle="Enter your account's email address; we email you a link to choose a new password."
      footer={
        <span className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-900">
            Back to sign in
          </Link>
          <DevOutboxLink />
        </span>
      }
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
