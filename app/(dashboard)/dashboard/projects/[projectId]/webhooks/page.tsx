import Link from "next/link";
import type { Metadata } from "next";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import { secretState, webhookLog } from "@/lib/dashboard/webhook-log";
import { projectSettings } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { WebhookTools } from "@/components/dashboard/webhook-tools";
import { RefreshButton } from "@/components/dashboard/refresh-button";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Webhooks · page-to-data" };

export default async function WebhooksPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<{ page?: string }>;
}) {
  const { projectId } = await params;
  const { canAdmin } = await requireProjectMember(projectId, `/dashboard/projects/${projectId}/webhooks`);
  const page = Math.max(1, Number.parseInt((await searchParams).page ?? "1", 10) || 1);
  const [project, log, secret] = await Promise.all([
    projectSettings(projectId),
    webhookLog(projectId, page),
    secretState(projectId),
  ]);
  const base = `/dashboard/projects/${projectId}/webhooks`;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/dashboard/projects/${projectId}`} className="hover:text-slate-700">
            Projects / {project.name}
          </Link>
        }
        title="Webhooks"
        description={
          project.webhookUrl ? (
            <span>
              Default destination <span className="font-mono text-xs">{project.webhookUrl}</span>
            </span>
          ) : (
            "No default webhook URL: only requests with report_to are delivered."
          )
        }
      />
      <div className="space-y-6">
        <Card title="Test and signing secret" description="Signed per Standard Webhooks.">
          <WebhookTools
            projectId={projectId}
            canAdmin={canAdmin}
            hasUrl={Boolean(project.webhookUrl)}
            previousUntil={secret.previousUntil?.toISOString() ?? null}
          />
        </Card>
        <Card
          title="Delivery log"
          description="Every delivery of an async result, with each attempt: time, status, latency and the start of the receiver's answer."
          actions={<RefreshButton />}
          bodyClassName="p-0"
        >
          <DeliveryLog projectId={projectId} entries={log.entries} canAdmin={canAdmin} />
          {(page > 1 || log.more) && (
            <nav className="flex justify-between border-t border-slate-100 px-5 py-3 text-sm">
              {page > 1 ? (
                <Link className={buttonClass("secondary", "sm")} href={`${base}?page=${page - 1}`}>
                  Newer
                </Link>
              ) : (
                <span />
              )}
              {log.more && (
                <Link className={buttonClass("secondary", "sm")} href={`${base}?page=${page + 1}`}>
                  Older
                </Link>
              )}
            </nav>
          )}
        </Card>
      </div>
    </>
  );
}
