"use client";

import { createContext, useContext, useState, useTransition, type ReactNode } from "react";
import {
  createKeyAction,
  revokeKeyAction,
  rotateKeyAction,
  stopOldKeyAction,
} from "@/lib/dashboard/actions/keys";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";
import { ShownOnceKey } from "./shown-once-key";

/**
 * Named keys (docs/spec.md §5.5, §5.6; issue 26): create with a name; per key rotate, stop
 * accepting the replaced key, revoke. The key table is server-rendered and refreshed by the
 * actions' revalidation; only a new key lives here, once, in the panel's shared state.
 */
type Shown = { apiKey: string; title: string; replacedId?: string; stopped?: boolean };

const Panel = createContext<{
  shown: Shown | null;
  show: (s: Shown | null) => void;
  stoppedOld: (keyId: string) => void;
} | null>(null);

function usePanel() {
  const panel = useContext(Panel);
  if (!panel) throw new Error("key actions outside their panel");
  return panel;
}

export function KeyPanel({ children }: { children: ReactNode }) {
  const [shown, show] = useState<Shown | null>(null);
  const stoppedOld = (keyId: string) =>
    show((s) => (s && s.replacedId === keyId ? { ...s, stopped: true } : s));
  return <Panel.Provider value={{ shown, show, stoppedOld }}>{children}</Panel.Provider>;
}

/** The new key, shown once, with what is true now of the key it replaced. */
export function ShownKeySlot() {
  const { shown, show } = usePanel();
  if (!shown) return null;
  const note = !shown.replacedId
    ? undefined
    : shown.stopped
      ? "The replaced key is no longer accepted: you stopped it."
      : "The replaced key stays accepted for 24 hours (see its row), unless you stop accepting it there.";
  return (
    <div className="mb-4">
      <ShownOnceKey apiKey={shown.apiKey} title={shown.title} note={note} onDismiss={() => show(null)} />
    </div>
  );
}

export function CreateKeyForm({ projectId }: { projectId: string }) {
  const { show } = usePanel();
  const [name, setName] = useState("");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const r = await createKeyAction(projectId, name);
          if (!r.ok) return setError(r.error);
          show({ apiKey: r.apiKey, title: `New key “${r.name}” created` });
          setName("");
        });
      }}
    >
      <div className="min-w-48 flex-1">
        <Label htmlFor="new-key-name" hint="what uses it, e.g. CI or staging">
          Key name
        </Label>
        <Input
          id="new-key-name"
          required
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create key"}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** One key's buttons: an active key rotates or is revoked; a replaced key in grace can be stopped. */
export function KeyRowActions(props: { projectId: string; keyId: string; name: string; state: string }) {
  const { show, stoppedOld } = usePanel();
  const [pending, start] = useTransition();
  const [confirm, setConfirm] = useState<"stop" | "revoke" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { projectId, keyId, name } = props;
  const run = (work: () => Promise<string | null>) => {
    setError(null);
    setConfirm(null);
    start(async () => setError(await work()));
  };
  if (props.state !== "active" && props.state !== "grace") return null;
  const confirmText =
    confirm === "stop"
      ? `Stop accepting the old “${name}” key now?`
      : `Revoke “${name}” now? It is refused from the next request.`;
  return (
    <div className="flex items-center justify-end gap-2">
      {confirm ? (
        <span className="inline-flex max-w-56 flex-wrap items-center justify-end gap-2 whitespace-normal rounded-md bg-red-50 px-2 py-1 text-xs text-red-800">
          {confirmText}
          <Button
            variant="danger"
            size="sm"
            disabled={pending}
            onClick={() =>
              run(async () => {
                if (confirm === "stop") {
                  const r = await stopOldKeyAction(projectId, keyId);
                  if (r.ok) stoppedOld(keyId);
                  return r.ok ? null : r.error;
                }
                const r = await revokeKeyAction(projectId, keyId);
                return r.ok ? null : r.error;
              })
            }
          >
            Yes, {confirm === "stop" ? "stop now" : "revoke"}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
        </span>
      ) : props.state === "active" ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            disabled={pending}
            aria-label={`Rotate key ${name}`}
            onClick={() =>
              run(async () => {
                const r = await rotateKeyAction(projectId, keyId);
                if (!r.ok) return r.error;
                show({
                  apiKey: r.apiKey,
                  title: `Key “${name}” rotated: here is the new key`,
                  replacedId: keyId,
                });
                return null;
              })
            }
          >
            Rotate
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={pending}
            aria-label={`Revoke key ${name}`}
            onClick={() => setConfirm("revoke")}
          >
            Revoke
          </Button>
        </>
      ) : (
        <Button
          variant="danger"
          size="sm"
          disabled={pending}
          aria-label={`Stop accepting old key ${name}`}
          onClick={() => setConfirm("stop")}
        >
          Stop accepting old key
        </Button>
      )}
      {error && (
        <p role="alert" className="max-w-xs whitespace-normal text-right text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
