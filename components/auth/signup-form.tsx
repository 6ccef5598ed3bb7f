"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { signUpAction } from "@/lib/dashboard/actions/signup";
import { PLANS } from "@/lib/billing/plans";
import { formatNumber } from "@/lib/dashboard/format";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";
import { AccountForm, EmailField, NewPasswordField } from "./form-parts";
import { ShownOnceKey } from "@/components/dashboard/shown-once-key";
import { goTo } from "@/components/auth/go-to";

type Done = { apiKey: string; email: string; emailSent: boolean; signedIn: boolean };

export function SignupForm() {
  const [form, setForm] = useState({ name: "", organization: "", email: "", password: "" });
  const [done, setDone] = useState<Done | null>(null);

  if (done) {
    return (
      <div className="space-y-4" data-testid="signup-done">
        <ShownOnceKey apiKey={done.apiKey} title="Your first API key" />
        <p className="text-sm text-slate-600">
          {done.emailSent ? (
            <>
              We sent a confirmation link to <strong>{done.email}</strong>. On the Free plan the key answers{" "}
              <code>403 email_unverified</code> until you confirm.
            </>
          ) : (
            <>The confirmation email could not be sent; request a new link from the dashboard.</>
          )}
        </p>
        <Button
          className="w-full"
          onClick={() => {
            goTo(done.signedIn ? "/dashboard" : "/login");
          }}
        >
          {done.signedIn ? "I have stored my key — continue to the dashboard" : "Continue to sign in"}
        </Button>
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
        if (!r.ok && "accountExists" in r)
          return (
            <>
              {r.error}{" "}
              <Link href="/login" className="font-medium underline underline-offset-2">
                Sign in instead.
              </Link>
            </>
          );
        if (!r.ok) return r.error;
        const session = await signIn("credentials", {
          email: form.email,
          password: form.password,
          redirect: false,
        });
        setDone({
          apiKey: r.apiKey,
          email: r.email,
          emailSent: r.emailSent,
          signedIn: Boolean(session?.ok && !session.error),
        });
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
