import type { DeliveryEntry } from "@/lib/dashboard/webhook-log";
import { formatDuration, formatTimestamp } from "@/lib/dashboard/format";
import { Badge, type Tone } from "@/components/ui/badge";
import { RedeliverButton } from "./redeliver-button";
import { ScrollBox } from "@/components/ui/scroll-box";
import { DeliveryDetails } from "./delivery-details";

const STATE_TONE: Record<DeliveryEntry["state"], Tone> = {
  pending: "blue",
  delivered: "green",
  failed: "red",
  cancelled: "gray",
};

function statusTone(status: number | null): Tone {
  if (status === null) return "red";
  return status >= 200 && status < 300 ? "green" : "amber";
}

export function DeliveryLog({
  projectId,
  entries,
  canAdmin,
  filtered,
}: {
  projectId: string;
  entries: DeliveryEntry[];
  canAdmin: boolean;
  /** The log is filtered by a state: an empty page says so rather than "no deliveries yet". */
  filtered?: boolean;
}) {
  if (!entries.length && filtered) {
    return <p className="px-5 py-4 text-sm text-slate-500">No delivery in this state.</p>;
  }
  if (!entries.length) {
    return (
      <p className="px-5 py-4 text-sm text-slate-500">
        No deliveries yet. An async request (sync false) with report_to or a default webhook URL is delivered
        here when it finishes.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="delivery-log">
      {entries.map((d) => (
        <li
          key={d.id}
          className="px-5 py-4"
          data-testid="delivery"
          data-state={d.state}
          data-token={d.token ?? undefined}
          data-event={d.token ? undefined : d.operation}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={STATE_TONE[d.state]}>{d.state}</Badge>
                <span className="font-medium text-slate-800">{d.operation}</span>
                {d.token ? (
                  <span className="font-mono text-xs text-slate-500" title={d.token}>
                    {d.token.slice(0, 14)}…
                  </span>
                ) : (
                  <span className="text-xs text-slate-500">test event from the dashboard</span>
                )}
              </div>
              <p className="mt-1 truncate font-mono text-xs text-slate-500" title={d.url}>
                → {d.url}
              </p>
              {d.state === "pending" && <Schedule delivery={d} />}
            </div>
            <div className="flex items-center gap-3 text-xs text-slate-500">
              {formatTimestamp(d.createdAt)}
              {canAdmin && d.redeliverable && d.state !== "pending" && (
                <RedeliverButton projectId={projectId} deliveryId={d.id} />
              )}
            </div>
          </div>
          {d.attempts.length > 0 && (
            <ScrollBox label={`Attempts of delivery ${d.token}`} className="mt-3">
              <table className="w-full min-w-[34rem] table-fixed text-xs" data-testid="attempts">
                <thead>
                  <tr className="text-left text-slate-500">
                    <th className="w-8 py-1 pr-3 font-medium">#</th>
                    <th className="w-60 py-1 pr-3 font-medium">Time</th>
                    <th className="w-28 py-1 pr-3 font-medium">Status</th>
                    <th className="w-24 py-1 pr-3 font-medium">Latency</th>
                    <th className="py-1 font-medium">Response</th>
                  </tr>
                </thead>
                <tbody>
                  {d.attempts.map((a) => (
                    <tr key={a.attempt} data-testid="attempt" className="align-top">
                      <td className="py-1 pr-3 tabular-nums text-slate-500">{a.attempt}</td>
                      <td className="whitespace-nowrap py-1 pr-3 text-slate-600">{formatTimestamp(a.at)}</td>
                      <td className="py-1 pr-3">
                        <Badge tone={statusTone(a.status)}>{a.status ?? "no answer"}</Badge>
                      </td>
                      <td className="whitespace-nowrap py-1 pr-3 tabular-nums text-slate-600">
                        {formatDuration(a.durationMs)}
                      </td>
                      <td className="py-1">
                        {a.error && <span className="block text-red-700">{a.error}</span>}
                        {a.responseExcerpt && (
                          <code className="block truncate font-mono text-slate-600" title={a.responseExcerpt}>
                            {a.responseExcerpt}
                          </code>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <DeliveryDetails delivery={d} />
        </li>
      ))}
    </ul>
  );
}

/** A pending delivery's next attempt and, should every attempt fail, when it gives up. */
function Schedule({ delivery: d }: { delivery: DeliveryEntry }) {
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="delivery-schedule">
      {d.nextAttemptAt ? (
        <>
          Next attempt ({d.attempts.length + 1} of {d.maxAttempts}){" "}
          <span data-testid="next-attempt">{formatTimestamp(d.nextAttemptAt)}</span>
        </>
      ) : (
        "First attempt queued"
      )}
      {d.givesUpAt && (
        <>
          {" "}
          · gives up after attempt {d.maxAttempts}, around{" "}
          <span data-testid="gives-up">{formatTimestamp(d.givesUpAt)}</span>
        </>
      )}
    </p>
  );
}
