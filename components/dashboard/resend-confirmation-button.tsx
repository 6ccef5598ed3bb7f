"use client";

import { useState, useTransition } from "react";
import { resendConfirmationAction } from "@/lib/dashboard/actions/account";
import { Button } from "@/components/ui/button";

/** "Resend confirmation link": used in the banner and in account settings. */
export function ResendConfirmationButton({ variant = "secondary" }: { variant?: "primary" | "secondary" }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <Button
        variant={variant}
        size="sm"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await resendConfirmationAction();
            setMessage(
              r.ok
                ? {
                    ok: true,
                    text:
                      r.via === "outbox"
                        ? "New link added to the dev outbox."
                        : `New link sent to ${r.sentTo}.`,
                  }
                : { ok: false, text: r.error },
            );
          })
        }
      >
        {pending ? "Sending…" : "Resend confirmation link"}
      </Button>
      {message && (
        <span role="status" className={message.ok ? "text-xs text-emerald-700" : "text-xs text-red-700"}>
          {message.text}
        </span>
      )}
    </span>
  );
}
