"use client";

import { useState } from "react";
import { requestPasswordResetAction } from "@/lib/dashboard/actions/password-reset";
import { EmailField, SubmitRow } from "./form-parts";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (done)
    return (
      <p role="status" className="text-sm text-slate-700" data-testid="forgot-done">
        {done}
      </p>
    );
  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        const r = await requestPasswordResetAction({ email });
        setBusy(false);
        if (r.ok) setDone(r.message);
        else setError(r.error);
      }}
    >
      <EmailField value={email} onChange={setEmail} />
      <SubmitRow error={error} busy={busy} busyLabel="Sending…" label="Email me a reset link" />
    </form>
  );
}
