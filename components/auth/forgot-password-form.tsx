"use client";

import { useState } from "react";
import { requestPasswordResetAction } from "@/lib/dashboard/actions/password-reset";
import { AccountForm, EmailField } from "./form-parts";
import { DevOutboxNote } from "./dev-outbox-note";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<{ message: string; devOutbox: boolean } | null>(null);
  if (done)
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm text-slate-700" data-testid="forgot-done">
          {done.message}
        </p>
        {done.devOutbox && <DevOutboxNote what="the reset link" />}
      </div>
    );
  return (
    <AccountForm
      label="Email me a reset link"
      busyLabel="Sending…"
      submit={async () => {
        const r = await requestPasswordResetAction({ email });
        if (!r.ok) return r.error;
        setDone({ message: r.message, devOutbox: r.devOutbox });
      }}
    >
      <EmailField value={email} onChange={setEmail} />
    </AccountForm>
  );
}
