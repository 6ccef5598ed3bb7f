import Link from "next/link";
import type { Metadata } from "next";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import {
  DELIVERY_STATES,
  parseDeliveryState,
  pendingDestinations,
  secretState,
  webhookLog,
} from "@/lib/dashboard/webhook-log";
import { projectSettings } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { WebhookTools } from "@/components/dashboard/webhook-tools";
import { RefreshButton } from "@/components/dashboard/refresh-button";
import { buttonClass } from "@/components/ui/button";
import { CancelPending } from "@/components/dashboard/cancel-pending";
import { cx } from "@/components/ui/cx";

export const metadata: Metadata = { title: "Webhooks · page-to-data" };

export default async function WebhooksPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string }>;
  searchParams: Promise<{ page?: string; state?: string }>;
}) {
  const { projectId } = await params;
  const { canAdmin } = await requireProjectMember(projectId, `/dashboard/projects/${projectId}/webhooks`);
  const sp = await searchParams;
  const page = Math.max(1, Number.parseInt(sp.page ?? "1", 10) || 1);
  const state = parseDeliveryState(sp.state);
  const [project, log, secret, pending] = await Promise.all([
    projectSettings(projectId),
    webhookLog(projectId, page, state),
    secretState(projectId),
    pendingDestinations(projectId),
  ]);
  const base = `/dashboard/projects/${projectId}/webhooks`;
  const withState = (p: number, s = state) => {
    const q = new URLSearchParams();
    if (s) q.set("state", s);
    if (p > 1) q.set("page", String(p));
    return q.size ? `${base}?${q}` : base;
  };

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
        {canAdmin && (
          <Card
            title="Pending deliveries"
            description="Destinations with deliveries still waiting to be sent or retried. Cancelling stops their attempts; the results stay available with GET /result."
          >
            <CancelPending projectId={projectId} destinations={pending} />
          </Card>
        )}
        <Card
          title="Delivery log"
          description="Every delivery of an async result and every test event, with each attempt: time, status, latency, the start of the receiver's answer, the payload and the signature headers."
          actions={<RefreshButton />}
          bodyClassName="p-0"
        >
          <nav
            aria-label="Filter deliveries by status"
            className="flex flex-wrap gap-2 border-b border-slate-100 px-5 py-3 text-sm"
            data-testid="delivery-filter"
          >
            {[undefined, ...DELIVERY_STATES].map((s) => (
              <Link
                key={s ?? "all"}
                href={withState(1, s)}
                aria-current={s === state ? "page" : undefined}
                className={cx(
                  "rounded-md px-2.5 py-1",
                  s === state ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {s ?? "all"}
              </Link>
            ))}
          </nav>
          <DeliveryLog
            projectId={projectId}
            entries={log.entries}
            canAdmin={canAdmin}
            filtered={Boolean(state)}
          />
          {(page > 1 || log.more) && (
            <nav className="flex justify-between border-t border-slate-100 px-5 py-3 text-sm">
              {page > 1 ? (
                <Link className={buttonClass("secondary", "sm")} href={withState(page - 1)}>
                  Newer
                </Link>
              ) : (
                <span />
              )}
              {log.more && (
                <Link className={buttonClass("secondary", "sm")} href={withState(page + 1)}>
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
