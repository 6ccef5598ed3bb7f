import Link from "next/link";
import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Sign up · page-to-data" };

// No "already signed in" redirect here: the form signs the new user in before it shows the key,
// and a server re-render at that moment must not navigate away from the only copy of the key.
export default function SignupPage() {
  return (
    <AuthFrame
      title="Create your account"
      subtitle="An organization on the Free plan, a first project and its API key."
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
