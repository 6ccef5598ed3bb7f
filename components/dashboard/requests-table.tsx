import Link from "next/link";
import type { RecentRequest } from "@/lib/dashboard/projects";
import { formatSeconds, formatTimestamp } from "@/lib/dashboard/format";
import { requestTimes } from "@/lib/dashboard/request-times";
import { Badge, type Tone } from "@/components/ui/badge";
import { ScrollBox } from "@/components/ui/scroll-box";
import { Sender, SourceBadge } from "./sent-by";

const STATE_TONE: Record<RecentRequest["state"], Tone> = {
  queued: "gray",
  processing: "blue",
  complete: "green",
  failed: "red",
};

export function RequestsTable({
  requests,
  projectId,
  empty = "No requests yet. Try one in the Playground or with your API key.",
}: {
  requests: RecentRequest[];
  /** Links each token to its detail view. */
  projectId?: string;
  empty?: string;
}) {
  if (!requests.length) {
    return <p className="px-5 py-4 text-sm text-slate-500">{empty}</p>;
  }
  return (
    <ScrollBox label="Requests">
      <table className="min-w-full text-sm" data-testid="requests-table">
        <thead>
          <tr className="border-b border-slate-100 bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
            <th className="px-5 py-2">Token</th>
            <th className="px-3 py-2">Operation</th>
            <th className="px-3 py-2">URL</th>
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2 text-right">Cost</th>
            <th className="px-3 py-2">Sent by</th>
            <th className="px-5 py-2">
              Received
              <span className="block font-normal normal-case tracking-normal">
                queued / processing / total
              </span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {requests.map((r) => (
            <tr key={r.token} className="align-top">
              <td className="whitespace-nowrap px-5 py-2.5 font-mono text-xs text-slate-700" title={r.token}>
                {projectId ? (
                  <Link
                    href={`/dashboard/projects/${projectId}/requests/${r.token}`}
                    className="text-indigo-700 hover:underline"
                    data-testid="request-link"
                  >
                    {r.token.slice(0, 14)}…
                  </Link>
                ) : (
                  `${r.token.slice(0, 14)}…`
                )}
              </td>
              <td className="px-3 py-2.5">
                <span className="font-medium text-slate-800">{r.operation}</span>
                {r.sync && <span className="ml-1 text-xs text-slate-500">sync</span>}
              </td>
              <td className="max-w-60 px-3 py-2.5">
                <span className="block truncate text-slate-600" title={r.url}>
                  {r.url}
                </span>
                {r.error && (
                  <span className="block truncate text-xs text-red-600" title={r.error}>
                    {r.error}
                  </span>
                )}
              </td>
              <td className="px-3 py-2.5">
                <Badge tone={STATE_TONE[r.state]}>{r.state}</Badge>
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums text-slate-700">
                {r.cost}
                {/* A cache hit says so under its (zero) cost: one column less for the wide times. */}
                {r.cached && <span className="block text-xs text-slate-500">cached</span>}
              </td>
              <td className="px-3 py-2.5" data-testid="request-sent-by">
                <span className="flex flex-col items-start gap-1">
                  <SourceBadge source={r.source} />
                  <Sender row={r} />
                </span>
              </td>
              <td className="whitespace-nowrap px-5 py-2.5 text-slate-600" data-testid="request-times">
                {formatTimestamp(r.createdAt)}
                <Times row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Queued, processing and total, in seconds with milliseconds; "…" for what is still running. */
function Times({ row }: { row: RecentRequest }) {
  const t = requestTimes(row);
  const part = (ms: number | null) => (ms === null ? "…" : formatSeconds(ms));
  return (
    <span className="block text-xs tabular-nums text-slate-500">
      {part(t.queuedMs)} / {part(t.processingMs)} / {part(t.totalMs)}
    </span>
  );
}
