"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import {
  rotateWebhookSecretAction,
  sendTestEventAction,
  stopOldWebhookSecretAction,
  type TestEventOutcome,
} from "@/lib/dashboard/actions/webhooks";
import { formatDateTime, formatDuration } from "@/lib/dashboard/format";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge } from "@/components/ui/badge";

/** Send a test event; rotate the signing secret with a grace window in which both secrets sign. */
export function WebhookTools({
  projectId,
  canAdmin,
  hasUrl,
  previousUntil,
}: {
  projectId: string;
  canAdmin: boolean;
  hasUrl: boolean;
  previousUntil: string | null;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [test, setTest] = useState<TestEventOutcome | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);

  if (!canAdmin) return <p className="text-sm text-slate-500">Only owners and admins can test or rotate.</p>;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">Send a test event</p>
        <Button
          variant="secondary"
          disabled={pending || !hasUrl}
          onClick={() =>
            start(async () => {
              setError(null);
              setTest(null);
              const r = await sendTestEventAction(projectId);
              if (r.ok) setTest(r.outcome);
              else setError(r.error);
            })
          }
        >
          Send test event
        </Button>
        {!hasUrl && (
          <p className="mt-1 text-xs text-slate-500">Set a default webhook URL on the project first.</p>
        )}
        {test && (
          <div className="mt-3 space-y-1 text-sm" data-testid="test-event-result">
            <div className="flex items-center gap-2">
              <Badge tone={test.error ? "red" : "green"}>{test.status ?? "no answer"}</Badge>
              <span className="tabular-nums text-slate-600">{formatDuration(test.durationMs)}</span>
            </div>
            {test.error && <p className="text-red-700">{test.error}</p>}
            {test.excerpt && (
              <code className="block truncate font-mono text-xs text-slate-600">{test.excerpt}</code>
            )}
          </div>
        )}
      </div>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">Signing secret</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              start(async () => {
                setError(null);
                const r = await rotateWebhookSecretAction(projectId);
                if (r.ok) {
                  setNewSecret(r.secret);
                  router.refresh();
                } else setError(r.error);
              })
            }
          >
            Rotate secret
          </Button>
          {previousUntil && (
            <Button
              variant="danger"
              disabled={pending}
              onClick={() =>
                start(async () => {
                  const r = await stopOldWebhookSecretAction(projectId);
                  if (r.ok) router.refresh();
                  else setError(r.error);
                })
              }
            >
              Stop signing with the old secret
            </Button>
          )}
        </div>
        {previousUntil && (
          <p className="mt-2 text-sm text-amber-800" data-testid="secret-grace">
            Both secrets sign until {formatDateTime(previousUntil)}: update your receiver before then.
          </p>
        )}
        {newSecret && (
          <div className="mt-2 flex items-center gap-2">
            <code
              data-testid="new-webhook-secret"
              className="break-all rounded bg-slate-50 px-2 py-1 font-mono text-xs"
            >
              {newSecret}
            </code>
            <CopyButton value={newSecret} />
          </div>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 lg:col-span-2">
          {error}
        </p>
      )}
    </div>
  );
}
