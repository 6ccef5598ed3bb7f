import Link from "next/link";
import type { CrawlRow } from "@/lib/dashboard/crawls";
import { formatCount, formatDateTime } from "@/lib/dashboard/format";
import { CrawlProgress } from "./crawl-progress";
import { CancelCrawlButton } from "./cancel-crawl-button";

/**
 * A project's crawls and batches, newest first. A list of cards rather than a table: each entry
 * carries a progress bar and labels, and must read at 390 px without scrolling sideways.
 */
export function CrawlsList({ crawls, projectId }: { crawls: CrawlRow[]; projectId: string }) {
  if (!crawls.length)
    return (
      <p className="px-5 py-4 text-sm text-slate-500">
        No crawl or batch yet. Start one in the Playground or with POST /crawl.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100" data-testid="crawls-list">
      {crawls.map((c) => (
        <li key={c.token} className="space-y-2 px-5 py-4" data-testid="crawl-row" data-token={c.token}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 flex-1">
              <Link
                href={`/dashboard/projects/${projectId}/crawls/${c.token}`}
                className="block truncate text-sm font-medium text-indigo-700 hover:underline"
                title={c.url ?? undefined}
                data-testid="crawl-link"
              >
                <span className="mr-1.5 text-xs uppercase tracking-wide text-slate-500">{c.kind}</span>
                {c.kind === "crawl" ? c.url : formatCount(c.urlCount, "URL")}
              </Link>
              <p className="truncate font-mono text-xs text-slate-500">{c.token}</p>
            </div>
            {c.status === "processing" && (
              <CancelCrawlButton projectId={projectId} kind={c.kind} token={c.token} />
            )}
          </div>
          <CrawlProgress
            status={c.status}
            total={c.total}
            completed={c.completed}
            failed={c.failed}
            creditsUsed={c.creditsUsed}
            stoppedReason={c.stoppedReason}
          />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <span>Started {formatDateTime(c.createdAt)}</span>
            {c.finishedAt && <span>Ended {formatDateTime(c.finishedAt)}</span>}
            {c.labels &&
              Object.entries(c.labels).map(([k, v]) => (
                <span key={k} className="break-all rounded bg-slate-100 px-1.5 font-mono text-slate-600">
                  {k}={v}
                </span>
              ))}
          </p>
        </li>
      ))}
    </ul>
  );
}
