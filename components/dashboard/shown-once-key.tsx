"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Button } from "@/components/ui/button";

/**
 * A freshly issued API key. It exists only in this component's state: the server keeps a hash,
 * so once dismissed (or the page is left) it can never be shown again.
 */
export function ShownOnceKey({
  apiKey,
  title,
  note,
  onDismiss,
}: {
  apiKey: string;
  title: string;
  note?: string;
  onDismiss?: () => void;
}) {
  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid="shown-once-key">
      <p className="text-sm font-semibold text-emerald-900">{title}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="api-key-value"
          className="min-w-0 flex-1 select-all break-all rounded-md border border-emerald-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        >
          {apiKey}
        </code>
        <CopyButton value={apiKey} label="Copy key" />
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-xs text-amber-800">
        <span aria-hidden="true">⚠</span>
        <span>
          <strong>This is the only time this key is shown.</strong> Store it in a secret manager now; we keep
          only a hash and its first characters. {note}
        </span>
      </p>
      {onDismiss && (
        <div className="mt-3">
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            I have stored the key
          </Button>
        </div>
      )}
    </div>
  );
}
