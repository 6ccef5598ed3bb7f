"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";

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
  label,
  busyLabel,
}: {
  error: ReactNode;
  busy: boolean;
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
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/**
 * An account form that submits one request at a time. `submit` returns the error to show, or
 * nothing when it succeeded: the form then stays busy while the page moves on.
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
  return (
    <form
      className="space-y-4"
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
      <SubmitRow error={error} busy={busy} busyLabel={busyLabel} label={label} />
      {footer}
    </form>
  );
}
