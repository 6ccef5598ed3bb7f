import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/dashboard/session";
import { safeCallbackPath } from "@/lib/dashboard/safe-redirect";
import { appBaseUrl } from "@/lib/dashboard/base-url";
import { AuthFrame } from "@/components/auth/auth-frame";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Sign in · page-to-data" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl, "/dashboard", await appBaseUrl());
  if (await currentUser()) redirect(callbackUrl);
  return (
    <AuthFrame
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your projects and keys."
      footer={
        <>
          No account yet?{" "}
          <Link href="/signup" className="font-medium text-indigo-700 hover:text-indigo-900">
            Sign up free
          </Link>
        </>
      }
    >
      <LoginForm callbackUrl={callbackUrl} />
      <p className="mt-4 text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-indigo-700 hover:text-indigo-900">
          Forgot your password?
        </Link>
      </p>
    </AuthFrame>
  );
}
