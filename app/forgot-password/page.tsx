import Link from "next/link";
import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password · page-to-data" };

export default function ForgotPasswordPage() {
  return (
    <AuthFrame
      title="Forgot your password?"
      subtitle="Enter your account's email address; we email you a link to choose a new password."
      footer={
        <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-900">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
