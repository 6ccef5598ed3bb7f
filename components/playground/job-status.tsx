import { cx } from "@/components/ui/cx";

export type Phase = "sending" | "accepted" | "processing" | "complete" | "failed";

const STEPS = [
  { key: "accepted", label: "Accepted" },
  { key: "processing", label: "Processing" },
  { key: "done", label: "Complete" },
] as const;

function stepIndex(phase: Phase, rejected: boolean): number {
  if (rejected) return 0;
  if (phase === "sending" || phase === "accepted") return 0;
  if (phase === "processing") return 1;
  return 2;
}

/**
 * Where a request is: accepted → processing → complete/failed (docs/spec.md §3), with elapsed time and an
 * indeterminate bar while it runs. A sync request shows "Processing" while the response is awaited.
 */
export function JobStatus({
  phase,
  sync,
  elapsedMs,
  token,
}: {
  phase: Phase;
  sync: boolean;
  elapsedMs: number;
  token?: string;
}) {
  // A failure without a token was refused at the door (validation, auth, quota): nothing was accepted.
  const rejected = phase === "failed" && !token;
  const running = phase === "sending" || phase === "accepted" || phase === "processing";
  // A sync request is accepted and processed inside one HTTP call: show it as processing.
  const current = sync && phase === "sending" ? 1 : stepIndex(phase, rejected);
  return (
    <div
      data-testid="job-status"
      data-phase={phase}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <ol className="flex items-center gap-2 text-xs font-medium">
        {STEPS.map((step, i) => {
          const failedHere = phase === "failed" && i === current;
          const done = i < current || (i === 2 && phase === "complete");
          const active = i === current && running;
          return (
            <li key={step.key} className="flex flex-1 items-center gap-2">
              <span
                className={cx(
                  "grid size-6 shrink-0 place-items-center rounded-full text-[11px] ring-1 ring-inset",
                  failedHere
                    ? "bg-red-600 text-white ring-red-600"
                    : done
                      ? "bg-indigo-600 text-white ring-indigo-600"
                      : active
                        ? "bg-indigo-50 text-indigo-700 ring-indigo-400"
                        : "bg-white text-slate-500 ring-slate-300",
                )}
              >
                {failedHere ? (
                  "✕"
                ) : done ? (
                  "✓"
                ) : active ? (
                  <span className="size-2 animate-ping rounded-full bg-indigo-500" />
                ) : (
                  i + 1
                )}
              </span>
              <span
                className={cx(
                  failedHere ? "text-red-700" : done || active ? "text-slate-900" : "text-slate-500",
                )}
              >
                {failedHere ? (rejected ? "Rejected" : "Failed") : step.label}
              </span>
              {i < STEPS.length - 1 && (
                <span className={cx("h-px flex-1", i < current ? "bg-indigo-600" : "bg-slate-200")} />
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-3 h-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {running ? (
          <div className="h-full w-1/3 animate-[ptd-indeterminate_1.2s_ease-in-out_infinite] rounded-full bg-indigo-500" />
        ) : (
          <div className={cx("h-full w-full", phase === "failed" ? "bg-red-500" : "bg-emerald-500")} />
        )}
      </div>
      <p
        className="mt-2 flex flex-wrap justify-between gap-2 text-xs text-slate-500"
        role="status"
        aria-live="polite"
      >
        <span>
          {phase === "sending" && (sync ? "Waiting for the result (sync, up to 60 s)…" : "Sending…")}
          {phase === "accepted" && "Accepted; waiting for a worker…"}
          {phase === "processing" && "Processing; polling every second…"}
          {phase === "complete" && "Complete"}
          {phase === "failed" && (rejected ? "Rejected before any work; nothing was spent" : "Failed")}
          {token && <span className="ml-2 font-mono text-slate-500">{token}</span>}
        </span>
        <span className="tabular-nums">{(elapsedMs / 1000).toFixed(1)} s</span>
      </p>
      <style>{`@keyframes ptd-indeterminate{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}`}</style>
    </div>
  );
}
