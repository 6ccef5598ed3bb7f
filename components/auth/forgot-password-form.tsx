"use client";

import { useState } from "react";
import { requestPasswordResetAction } from "@/lib/dashboard/actions/password-reset";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";

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
      <div>
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Sending…" : "Email me a reset link"}
      </Button>
    </form>
  );
}
