"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Input, Label } from "@/components/ui/field";
import { EmailField, SubmitRow } from "./form-parts";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        // redirect: false keeps navigation here; next-auth's own redirect would use NEXTAUTH_URL's host.
        const res = await signIn("credentials", { email, password, redirect: false });
        if (!res || res.error) {
          setBusy(false);
          setError(!res || res.error === "CredentialsSignin" ? "Wrong email or password." : res.error);
          return;
        }
        router.push(callbackUrl);
        router.refresh();
      }}
    >
      <EmailField value={email} onChange={setEmail} />
      <div>
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <SubmitRow error={error} busy={busy} busyLabel="Signing in…" label="Sign in" />
    </form>
  );
}
