"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Input, Label } from "@/components/ui/field";
import { AccountForm, EmailField } from "./form-parts";
import { goTo } from "@/components/auth/go-to";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  return (
    <AccountForm
      label="Sign in"
      busyLabel="Signing in…"
      submit={async () => {
        // redirect: false keeps navigation here; next-auth's own redirect would use NEXTAUTH_URL's host.
        const res = await signIn("credentials", { email, password, redirect: false });
        if (!res || res.error) {
          // One sentence for both: an unconfirmed account is refused as a wrong password is.
          return !res || res.error === "CredentialsSignin"
            ? "Wrong email or password, or an address not confirmed yet (the link is in the email sent at sign-up)."
            : res.error;
        }
        goTo(callbackUrl);
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
    </AccountForm>
  );
}
