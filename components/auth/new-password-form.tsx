"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Input, Label } from "@/components/ui/field";
import { AccountForm, NewPasswordField } from "./form-parts";
import { goTo } from "@/components/auth/go-to";

/**
 * A new password (and, for an invitation sign-up, a name), submitted to `submit`; on success the
 * user is signed in with it and taken to the dashboard.
 */
export function NewPasswordForm({
  askName = false,
  cta,
  submit,
}: {
  askName?: boolean;
  cta: string;
  submit: (input: {
    name: string;
    password: string;
  }) => Promise<{ ok: true; email: string } | { ok: false; error: string }>;
}) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  return (
    <AccountForm
      label={cta}
      busyLabel="Saving…"
      submit={async () => {
        const r = await submit({ name, password });
        if (!r.ok) return r.error;
        const session = await signIn("credentials", { email: r.email, password, redirect: false });
        goTo(session?.ok && !session.error ? "/dashboard" : "/login");
      }}
    >
      {askName && (
        <div>
          <Label htmlFor="name">Your name</Label>
          <Input
            id="name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
      )}
      <NewPasswordField label="New password" value={password} onChange={setPassword} />
    </AccountForm>
  );
}
