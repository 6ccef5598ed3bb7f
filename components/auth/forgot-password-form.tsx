"use client";

import { useState } from "react";
import { requestPasswordResetAction } from "@/lib/dashboard/actions/password-reset";
import { AccountForm, EmailField } from "./form-parts";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<string | null>(null);
  if (done)
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="forgot-done">
        {done}
      </p>
    );
  return (
    <AccountForm
      label="Email me a reset link"
      busyLabel="Sending…"
      submit={async () => {
        const r = await requestPasswordResetAction({ email });
        if (!r.ok) return r.error;
        setDone(r.message);
      }}
    >
      <EmailField value={email} onChange={setEmail} />
    </AccountForm>
  );
}
