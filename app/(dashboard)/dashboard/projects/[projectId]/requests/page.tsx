import Link from "next/link";
import type { Metadata } from "next";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import {
  filterQuery,
  parseHistoryFilters,
  requestHistory,
  usageByOperation,
} from "@/lib/dashboard/request-history";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { RequestsTable } from "@/components/dashboard/requests-table";
import { HistoryFiltersForm } from "@/components/dashboard/history-filters";
import { OperationUsageBars } from "@/components/dashboard/operation-usage";

export const metadata: Metadata = { title: "Request history · page-to-data" };

const USAGE_DAYS = 30;

export default async function RequestHistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { projectId } = await params;
  const base = `/dashboard/projects/${projectId}/requests`;
  const { project } = await requireProjectMember(projectId, base);
  const filters = parseHistoryFilters(await searchParams);
  const [history, usage] = await Promise.all([
    requestHistory(projectId, filters),
    usageByOperation({ projectId }, USAGE_DAYS),
  ]);

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/dashboard/projects/${projectId}`} className="hover:text-slate-700">
            Projects / {project.name}
          </Link>
        }
        title="Request history"
      />
      <div className="space-y-6">
        <Card title="Usage by operation" description={`Last ${USAGE_DAYS} days, this project.`}>
          <OperationUsageBars usage={usage} />
        </Card>
        <Card title="Requests" bodyClassName="p-0">
          <div className="border-b border-slate-100 px-5 py-4">
            <HistoryFiltersForm action={base} filters={filters} />
          </div>
          <RequestsTable
            requests={history.rows}
            projectId={projectId}
            empty="No request matches these filters."
          />
          {(filters.page > 1 || history.more) && (
            <nav className="flex items-center justify-between border-t border-slate-100 px-5 py-3 text-sm">
              {filters.page > 1 ? (
                <Link
                  className={buttonClass("secondary", "sm")}
                  href={base + filterQuery(filters, filters.page - 1)}
                >
                  Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-500" data-testid="history-page">
                Page {filters.page}
              </span>
              {history.more ? (
                <Link
                  className={buttonClass("secondary", "sm")}
                  href={base + filterQuery(filters, filters.page + 1)}
                >
                  Older
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </Card>
      </div>
    </>
  );
}
