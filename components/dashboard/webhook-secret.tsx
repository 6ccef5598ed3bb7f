"use client";

import { useState, useTransition } from "react";
import { revealWebhookSecretAction } from "@/lib/dashboard/actions/project";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The webhook signing secret, masked; fetched from the server only when an admin clicks Reveal. */
export function WebhookSecret({ projectId, canReveal }: { projectId: string; canReveal: boolean }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">Webhook signing secret</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800 ring-1 ring-inset ring-slate-200"
        >
          {secret ?? "whsec_••••••••••••••••••••"}
        </code>
        {secret ? (
          <>
            <CopyButton value={secret} />
            <Button variant="ghost" size="sm" onClick={() => setSecret(null)}>
              Hide
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={!canReveal || pending}
            onClick={() =>
              start(async () => {
                const r = await revealWebhookSecretAction(projectId);
                if (r.ok) setSecret(r.secret);
                else setError(r.error);
              })
            }
          >
            {pending ? "Revealing…" : "Reveal"}
          </Button>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Deliveries are signed with this secret (Standard Webhooks). Verify the signature before trusting a
        payload.
      </p>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
