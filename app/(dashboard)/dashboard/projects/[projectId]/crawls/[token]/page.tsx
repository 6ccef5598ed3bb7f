import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import { CRAWL_DETAIL_PAGES, projectCrawl } from "@/lib/dashboard/crawls";
import { formatCount, formatDateTime } from "@/lib/dashboard/format";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Badge, type Tone } from "@/components/ui/badge";
import { RefreshButton } from "@/components/dashboard/refresh-button";
import { CrawlProgress } from "@/components/sites/crawl-progress";
import { CancelCrawlButton } from "@/components/sites/cancel-crawl-button";

export const metadata: Metadata = { title: "Crawl · page-to-data" };

const PAGE_TONE: Record<string, Tone> = {
  queued: "gray",
  running: "blue",
  complete: "green",
  failed: "red",
  cancelled: "amber",
};

export default async function CrawlDetailPage({
  params,
}: {
  params: Promise<{ projectId: string; token: string }>;
}) {
  const { projectId, token } = await params;
  const base = `/dashboard/projects/${projectId}/crawls`;
  await requireProjectMember(projectId, `${base}/${token}`);
  const found = await projectCrawl(projectId, token);
  if (!found) notFound();
  const { crawl, pages } = found;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={base} className="hover:text-slate-700">
            Crawls and batches
          </Link>
        }
        title={crawl.kind === "crawl" ? "Crawl" : "Batch"}
        description={<span className="break-all">{crawl.url ?? formatCount(crawl.urlCount, "URL")}</span>}
      />
      <div className="space-y-6">
        <Card
          title={<span className="break-all font-mono text-xs">{crawl.token}</span>}
          actions={
            <>
              <RefreshButton />
              {crawl.status === "processing" && (
                <CancelCrawlButton projectId={projectId} kind={crawl.kind} token={crawl.token} />
              )}
            </>
          }
        >
          <CrawlProgress
            status={crawl.status}
            total={crawl.total}
            completed={crawl.completed}
            failed={crawl.failed}
            creditsUsed={crawl.creditsUsed}
            stoppedReason={crawl.stoppedReason}
          />
          <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-slate-500">
            <span>Started {formatDateTime(crawl.createdAt)}</span>
            {crawl.finishedAt && <span>Ended {formatDateTime(crawl.finishedAt)}</span>}
          </p>
        </Card>
        <Card
          title="Pages"
          description={`In discovery order; the first ${CRAWL_DETAIL_PAGES}. Their results are read with GET /${crawl.kind}/{token}.`}
          bodyClassName="p-0"
        >
          {pages.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-500">No page found yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="crawl-detail-pages">
              {pages.map((p) => (
                <li key={p.position} className="flex items-start gap-3 px-5 py-2 text-sm">
                  <span className="w-8 shrink-0 text-right tabular-nums text-xs text-slate-500">
                    {p.position}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-mono text-xs text-slate-700" title={p.url}>
                      {p.url}
                    </span>
                    {p.error && (
                      <span className="block break-words text-xs text-red-700">
                        {p.errorCode ? `${p.errorCode}: ` : ""}
                        {p.error}
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 text-xs tabular-nums text-slate-500">{p.cost} cr</span>
                  <Badge tone={PAGE_TONE[p.state] ?? "gray"}>{p.state}</Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
