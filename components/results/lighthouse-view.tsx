"use client";

import { useState, type ReactNode } from "react";
import type { LighthouseAudit, LighthouseResult } from "@/lib/lighthouse/types";
import { cx } from "@/components/ui/cx";
import { ViewToggle } from "@/components/ui/view-toggle";
import { formatDateTime } from "@/lib/dashboard/format";

/** Lighthouse's own bands: 0–49 poor, 50–89 needs improvement, 90–100 good. */
function band(score: number | null): "good" | "average" | "poor" | "none" {
  if (score === null) return "none";
  return score >= 0.9 ? "good" : score >= 0.5 ? "average" : "poor";
}

const BAND_CLASS = {
  good: "text-emerald-700 ring-emerald-500",
  average: "text-amber-700 ring-amber-500",
  poor: "text-red-700 ring-red-500",
  none: "text-slate-500 ring-slate-300",
} as const;

const METRICS: { key: keyof LighthouseResult["metrics"]; label: string; unit: "ms" | "" }[] = [
  { key: "first_contentful_paint_ms", label: "First Contentful Paint", unit: "ms" },
  { key: "largest_contentful_paint_ms", label: "Largest Contentful Paint", unit: "ms" },
  { key: "total_blocking_time_ms", label: "Total Blocking Time", unit: "ms" },
  { key: "cumulative_layout_shift", label: "Cumulative Layout Shift", unit: "" },
  { key: "speed_index_ms", label: "Speed Index", unit: "ms" },
  { key: "time_to_interactive_ms", label: "Time to Interactive", unit: "ms" },
  { key: "server_response_time_ms", label: "Server response time", unit: "ms" },
];

function metricText(value: number | null, unit: "ms" | ""): string {
  if (value === null) return "—";
  if (unit === "") return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

export function isLighthouseResult(v: unknown): v is LighthouseResult {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as LighthouseResult).categories === "object" &&
    typeof (v as LighthouseResult).metrics === "object"
  );
}

/** Score cards per category, tiles per lab metric, and the audits (when asked for) as a list. */
export function LighthouseView({ result, json }: { result: LighthouseResult; json: ReactNode }) {
  const [mode, setMode] = useState<"report" | "json">("report");
  const audits = Object.values(result.audits ?? {}).sort((a, b) => (a.score ?? 2) - (b.score ?? 2));
  return (
    <div className="space-y-5" data-testid="lighthouse-view">
      <div className="flex items-center justify-between">
        <ViewToggle
          value={mode}
          options={[
            { value: "report", label: "Report" },
            { value: "json", label: "JSON" },
          ]}
          onChange={setMode}
        />
        <span className="text-xs text-slate-500">
          {result.device} · {formatDateTime(result.fetchTime)}
        </span>
      </div>
      {mode === "json" ? (
        json
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {Object.entries(result.categories).map(([id, c]) => (
              <div
                key={id}
                data-testid="lighthouse-score"
                data-category={id}
                className="flex flex-col items-center rounded-lg border border-slate-200 p-4"
              >
                <span
                  className={cx(
                    "grid size-16 place-items-center rounded-full text-xl font-semibold tabular-nums ring-4",
                    BAND_CLASS[band(c.score)],
                  )}
                >
                  {c.score === null ? "?" : Math.round(c.score * 100)}
                </span>
                <span className="mt-2 text-center text-sm font-medium text-slate-700">{c.title}</span>
              </div>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {METRICS.map((m) => (
              <div
                key={m.key}
                data-testid="lighthouse-metric"
                className="rounded-lg border border-slate-200 px-4 py-3"
              >
                <div className="text-xs text-slate-500">{m.label}</div>
                <div className="mt-1 text-lg font-semibold tabular-nums text-slate-900">
                  {metricText(result.metrics[m.key], m.unit)}
                </div>
              </div>
            ))}
          </div>
          {audits.length > 0 && <FailingAudits audits={audits.filter(isFailing)} />}
          {audits.length > 0 && (
            <details className="rounded-lg border border-slate-200">
              <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-700">
                All {audits.length} audits returned
              </summary>
              <AuditList audits={audits} />
            </details>
          )}
        </>
      )}
    </div>
  );
}

/** Lighthouse's own pass mark: a scored audit under 0.9 is shown as failed in its report. */
const PASS = 0.9;
const SCORED = new Set(["binary", "numeric", "metricSavings"]);

export function isFailing(a: LighthouseAudit): boolean {
  return a.score !== null && a.score < PASS && SCORED.has(a.scoreDisplayMode);
}

function FailingAudits({ audits }: { audits: LighthouseAudit[] }) {
  return (
    <section aria-labelledby="lighthouse-failing-title" className="space-y-2">
      <h3 id="lighthouse-failing-title" className="text-sm font-semibold text-slate-900">
        Failing audits ({audits.length})
      </h3>
      {audits.length ? (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          data-testid="lighthouse-failing"
        >
          {audits.map((a) => (
            <li key={a.id} data-audit={a.id} className="px-4 py-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-slate-900">{a.title}</span>
                <span className="tabular-nums text-slate-600">
                  {a.displayValue ? `${a.displayValue} · ` : ""}score {Math.round((a.score ?? 0) * 100)}
                </span>
              </div>
              <span className="font-mono text-xs text-slate-500">{a.id}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Every scored audit returned passes.</p>
      )}
    </section>
  );
}

function AuditList({ audits }: { audits: LighthouseAudit[] }) {
  return (
    <ul className="divide-y divide-slate-100 border-t border-slate-200" data-testid="lighthouse-audits">
      {audits.map((a) => (
        <li key={a.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
          <span className="flex items-center gap-2">
            <span
              className={cx(
                "size-2.5 rounded-full",
                {
                  good: "bg-emerald-500",
                  average: "bg-amber-500",
                  poor: "bg-red-500",
                  none: "bg-slate-300",
                }[band(a.score)],
              )}
            />
            <span className="text-slate-800">{a.title}</span>
          </span>
          <span className="tabular-nums text-slate-500">{a.displayValue ?? ""}</span>
        </li>
      ))}
    </ul>
  );
}
