"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";

/** The pieces every account form shares, so sign-in, sign-up and password forms look and behave alike. */

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <Label htmlFor="email">Email</Label>
      <Input
        id="email"
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A password being chosen (sign-up, reset, invitation): the same rules as the server's. */
export function NewPasswordField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor="password" hint="at least 8 characters">
        {label}
      </Label>
      <Input
        id="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={200}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The error, if any, and the submit button that says what is happening while busy. */
export function SubmitRow({
  error,
  busy,
  ready = true,
  label,
  busyLabel,
}: {
  error: ReactNode;
  busy: boolean;
  /** False until the form can handle a submission itself (see AccountForm). */
  ready?: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy || !ready}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/**
 * An account form that submits one request at a time. `submit` returns the error to show, or
 * nothing when it succeeded: the form then stays busy while the page moves on.
 *
 * The button is disabled until React owns the form. Before hydration a click is the browser's own
 * submission: a GET of this page without the fields (they have no names), which reloads it and
 * drops what was typed, and on the reset page the link's token with it ("This link cannot be
 * used"). On a loaded machine the scripts can arrive seconds after the form is visible: that was
 * the flaky "stayed on /reset-password" of tests/e2e/dev-outbox.test.ts.
 */
export function AccountForm({
  submit,
  label,
  busyLabel,
  footer,
  children,
}: {
  submit: () => Promise<ReactNode>;
  label: string;
  busyLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const [error, setError] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  return (
    <form
      className="space-y-4"
      data-form-ready={hydrated ? "" : undefined}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        const problem = await submit();
        if (problem) {
          setBusy(false);
          setError(problem);
        }
      }}
    >
      {children}
      <SubmitRow error={error} busy={busy} ready={hydrated} busyLabel={busyLabel} label={label} />
      {footer}
    </form>
  );
}
