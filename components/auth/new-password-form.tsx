"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Input, Label } from "@/components/ui/field";
import { NewPasswordField, SubmitRow } from "./form-parts";

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
  const router = useRouter();
  const [name, setName] = useState("");
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
        const r = await submit({ name, password });
        if (!r.ok) {
          setBusy(false);
          setError(r.error);
          return;
        }
        const session = await signIn("credentials", { email: r.email, password, redirect: false });
        router.push(session?.ok && !session.error ? "/dashboard" : "/login");
        router.refresh();
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
      <SubmitRow error={error} busy={busy} busyLabel="Saving…" label={cta} />
    </form>
  );
}
