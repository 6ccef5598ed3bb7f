"use client";

import { useState, useTransition } from "react";
import { createKeyAction, rotateKeyAction, stopOldKeysAction } from "@/lib/dashboard/actions/keys";
import { Button } from "@/components/ui/button";
import { ShownOnceKey } from "./shown-once-key";

type Shown = { apiKey: string; kind: "created" | "rotated" };

/**
 * Create / Rotate / Stop accepting old key (docs/spec.md §5.5, §5.6). The key list itself is server-rendered
 * and refreshed by the actions' revalidation; only the new key lives here, once.
 */
export function KeyActions({ projectId, hasGraceKeys }: { projectId: string; hasGraceKeys: boolean }) {
  const [pending, start] = useTransition();
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  function run(action: () => Promise<void>) {
    setError(null);
    setNotice(null);
    start(action);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={pending}
          onClick={() =>
            run(async () => {
              const r = await createKeyAction(projectId);
              if (r.ok) setShown({ apiKey: r.apiKey, kind: "created" });
              else setError(r.error);
            })
          }
        >
          Create key
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() =>
            run(async () => {
              const r = await rotateKeyAction(projectId);
              if (r.ok) setShown({ apiKey: r.apiKey, kind: "rotated" });
              else setError(r.error);
            })
          }
        >
          Rotate key
        </Button>
        {!confirmStop ? (
          <Button
            variant="danger"
            disabled={pending || !hasGraceKeys}
            onClick={() => setConfirmStop(true)}
            title={hasGraceKeys ? undefined : "No replaced key is still accepted."}
          >
            Stop accepting old key
          </Button>
        ) : (
          <span className="inline-flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-2 py-1 text-sm text-red-800">
            Replaced keys stop working immediately.
            <Button
              variant="danger"
              size="sm"
              disabled={pending}
              onClick={() =>
                run(async () => {
                  setConfirmStop(false);
                  const r = await stopOldKeysAction(projectId);
                  if (r.ok)
                    setNotice(
                      r.stopped
                        ? `Stopped accepting ${r.stopped} old key${r.stopped === 1 ? "" : "s"}.`
                        : "No old key was still accepted.",
                    );
                  else setError(r.error);
                })
              }
            >
              Yes, stop now
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmStop(false)}>
              Cancel
            </Button>
          </span>
        )}
        {pending && <span className="text-xs text-slate-500">Working…</span>}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-emerald-700">
          {notice}
        </p>
      )}
      {shown && (
        <ShownOnceKey
          apiKey={shown.apiKey}
          title={shown.kind === "rotated" ? "Key rotated: here is the new key" : "New key created"}
          note={
            shown.kind === "rotated"
              ? "The replaced key keeps working for 24 hours, or until you stop accepting it."
              : undefined
          }
          onDismiss={() => setShown(null)}
        />
      )}
    </div>
  );
}
