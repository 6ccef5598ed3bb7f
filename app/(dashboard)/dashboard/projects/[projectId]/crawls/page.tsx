import Link from "next/link";
import type { Metadata } from "next";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import { CRAWL_LIST_SIZE, projectCrawls } from "@/lib/dashboard/crawls";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { RefreshButton } from "@/components/dashboard/refresh-button";
import { CrawlsList } from "@/components/sites/crawls-list";

export const metadata: Metadata = { title: "Crawls and batches · page-to-data" };

export default async function CrawlsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { project } = await requireProjectMember(projectId, `/dashboard/projects/${projectId}/crawls`);
  const crawls = await projectCrawls(projectId);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/dashboard/projects/${projectId}`} className="hover:text-slate-700">
            Projects / {project.name}
          </Link>
        }
        title="Crawls and batches"
        actions={
          <div className="flex gap-2">
            <Link href={`/playground?tab=crawl&project=${projectId}`} className={buttonClass("secondary")}>
              New crawl
            </Link>
            <Link href={`/playground?tab=batch&project=${projectId}`} className={buttonClass("secondary")}>
              New batch
            </Link>
          </div>
        }
      />
      <Card
        title="Newest first"
        description={`The last ${CRAWL_LIST_SIZE} crawls and batches of this project.`}
        actions={<RefreshButton />}
        bodyClassName="p-0"
      >
        <CrawlsList crawls={crawls} projectId={projectId} />
      </Card>
    </>
  );
}
