import { cx } from "@/components/ui/cx";
import { Badge, type Tone } from "@/components/ui/badge";
import { formatNumber } from "@/lib/dashboard/format";
import { progressPercent } from "@/lib/dashboard/site-body";

export const CRAWL_STATUS_TONE: Record<string, Tone> = {
  processing: "blue",
  complete: "green",
  cancelled: "amber",
  failed: "red",
};

const BAR_COLOR: Record<string, string> = {
  processing: "bg-indigo-500",
  complete: "bg-emerald-500",
  cancelled: "bg-amber-400",
  failed: "bg-red-500",
};

/** A crawl's or batch's state at a glance: status, pages done of total, credits, a progress bar. */
export function CrawlProgress({
  status,
  total,
  completed,
  failed,
  creditsUsed,
  stoppedReason,
}: {
  status: string;
  total: number;
  completed: number;
  failed: number;
  creditsUsed: number;
  stoppedReason?: string | null;
}) {
  const percent = progressPercent({ status, total, completed, failed });
  return (
    <div className="space-y-2" data-testid="crawl-progress" data-status={status}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <Badge tone={CRAWL_STATUS_TONE[status] ?? "gray"}>{status}</Badge>
        <span data-testid="crawl-count">
          <span className="tabular-nums">{formatNumber(completed)}</span> of{" "}
          <span className="tabular-nums">{formatNumber(total)}</span> pages
          {failed > 0 && <span className="text-red-700"> · {formatNumber(failed)} failed</span>}
        </span>
        <span>
          <span className="tabular-nums">{formatNumber(creditsUsed)}</span>{" "}
          {creditsUsed === 1 ? "credit" : "credits"}
        </span>
        {stoppedReason && <span className="text-amber-800">stopped: {stoppedReason}</span>}
      </div>
      <div
        role="progressbar"
        aria-label="Pages finished"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cx("h-full transition-all", BAR_COLOR[status] ?? "bg-slate-400")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
