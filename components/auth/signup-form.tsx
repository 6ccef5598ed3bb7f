"use client";

import Link from "next/link";
import { useState } from "react";
import { signUpAction } from "@/lib/dashboard/actions/signup";
import { PLANS } from "@/lib/billing/plans";
import { formatNumber } from "@/lib/dashboard/format";
import { Input, Label } from "@/components/ui/field";
import { AccountForm, EmailField, NewPasswordField } from "./form-parts";
import { DevOutboxNote } from "./dev-outbox-note";

type Done = { email: string; message: string; devOutbox: boolean };

/**
 * Sign-up. Every accepted sign-up gets the same answer, "check your email", and nothing signs in
 * here: whether the address was new or already had an account is said by the email alone
 * (docs/decisions.md "Generic sign-up answer").
 */
export function SignupForm() {
  const [form, setForm] = useState({ name: "", organization: "", email: "", password: "" });
  const [done, setDone] = useState<Done | null>(null);

  if (done) {
    return (
      <div className="space-y-3" data-testid="signup-done">
        <p role="status" className="text-sm text-slate-700">
          <strong className="break-all">{done.email}</strong>: {done.message}
        </p>
        {done.devOutbox && <DevOutboxNote what="the confirmation link" />}
        <p className="text-sm text-slate-700">
          Confirmed?{" "}
          <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-900">
            Sign in
          </Link>{" "}
          and create your first API key.
        </p>
      </div>
    );
  }

  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [field]: e.target.value });

  return (
    <AccountForm
      label="Create account"
      busyLabel="Creating your account…"
      footer={
        <p className="text-xs text-slate-500">
          {`Free plan: ${formatNumber(PLANS.free.monthlyCredits)} credits a month, no card needed.`}
        </p>
      }
      submit={async () => {
        const r = await signUpAction(form);
        if (!r.ok) return r.error;
        setDone({ email: r.email, message: r.message, devOutbox: r.devOutbox });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="name">Your name</Label>
          <Input id="name" autoComplete="name" maxLength={100} value={form.name} onChange={set("name")} />
        </div>
        <div>
          <Label htmlFor="organization">Organization</Label>
          <Input
            id="organization"
            autoComplete="organization"
            maxLength={80}
            value={form.organization}
            onChange={set("organization")}
            placeholder="Acme Inc."
          />
        </div>
      </div>
      <EmailField value={form.email} onChange={(email) => setForm({ ...form, email })} />
      <NewPasswordField
        label="Password"
        value={form.password}
        onChange={(password) => setForm({ ...form, password })}
      />
    </AccountForm>
  );
}
