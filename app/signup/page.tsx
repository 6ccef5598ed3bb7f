import Link from "next/link";
import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Sign up · page-to-data" };

// Nothing signs in here: every sign-up is answered "check your email" (docs/decisions.md).
export default function SignupPage() {
  return (
    <AuthFrame
      title="Create your account"
      subtitle="An organization on the Free plan and a first project. Confirm your address, sign in, and create its API key."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-900">
            Sign in
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthFrame>
  );
}
