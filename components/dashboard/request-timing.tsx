import type { ReactNode } from "react";
import { formatSeconds, formatTimestamp } from "@/lib/dashboard/format";
import { requestTimes, type TimedRow } from "@/lib/dashboard/request-times";

/**
 * A request's moments (received, started, finished: to the millisecond, in UTC) and where its time
 * went: queued, processing, total (issue 26 §6).
 */
export function RequestTiming({
  row,
  Row,
}: {
  row: TimedRow;
  Row: (p: { label: string; children: ReactNode }) => ReactNode;
}) {
  const t = requestTimes(row);
  const dash = <span className="text-slate-500">—</span>;
  const running = (ms: number | null) =>
    ms === null ? dash : `${formatSeconds(ms)}${t.running ? " so far" : ""}`;
  return (
    <>
      <Row label="Received">{formatTimestamp(row.createdAt)}</Row>
      <Row label="Started">{row.startedAt ? formatTimestamp(row.startedAt) : dash}</Row>
      <Row label="Finished">{row.finishedAt ? formatTimestamp(row.finishedAt) : dash}</Row>
      <Row label="Queued">
        <span data-testid="time-queued">
          {row.startedAt ? formatSeconds(t.queuedMs) : running(t.queuedMs)}
        </span>
      </Row>
      <Row label="Processing">
        <span data-testid="time-processing">{running(t.processingMs)}</span>
      </Row>
      <Row label="Total">
        <span data-testid="time-total">{t.totalMs === null ? dash : formatSeconds(t.totalMs)}</span>
      </Row>
    </>
  );
}
