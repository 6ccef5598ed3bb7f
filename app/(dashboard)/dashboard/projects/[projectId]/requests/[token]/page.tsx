import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { requireProjectMember } from "@/lib/dashboard/project-page";
import { requestDetail } from "@/lib/dashboard/request-history";
import { formatTimestamp } from "@/lib/dashboard/format";
import { requestAsSent } from "@/lib/dashboard/request-as-sent";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Badge, type Tone } from "@/components/ui/badge";
import { ResultPreview } from "@/components/results/result-preview";
import { storedResultPreview, type StoredResultPreview } from "@/lib/dashboard/stored-result";
import { Sender, SourceBadge } from "@/components/dashboard/sent-by";
import { RequestAsSentView } from "@/components/dashboard/request-as-sent";
import { RequestTiming } from "@/components/dashboard/request-timing";

export const metadata: Metadata = { title: "Request · page-to-data" };

const STATE_TONE: Record<string, Tone> = {
  queued: "gray",
  processing: "blue",
  complete: "green",
  failed: "red",
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** The stored result with the Playground's views; a very large one is only named. */
function ResultSection({
  preview,
  url,
  token,
}: {
  preview: Exclude<StoredResultPreview, { kind: "none" }>;
  url: string;
  token: string;
}) {
  if (preview.kind === "too-large")
    return (
      <p className="text-sm text-slate-600" data-testid="result-too-large">
        {preview.bytes.toLocaleString("en-US")} bytes: too large to show here. Fetch it with GET /result/
        {token}.
      </p>
    );
  return (
    <div data-testid="request-result">
      <ResultPreview endpoint={preview.endpoint} text={preview.text} format="png" pageUrl={url} />
    </div>
  );
}

export default async function RequestDetailPage({
  params,
}: {
  params: Promise<{ projectId: string; token: string }>;
}) {
  const { projectId, token } = await params;
  const base = `/dashboard/projects/${projectId}/requests`;
  await requireProjectMember(projectId, `${base}/${token}`);
  const r = await requestDetail(projectId, token);
  if (!r) notFound();
  const preview = await storedResultPreview(projectId, token, r.operation);
  const dash = <span className="text-slate-500">—</span>;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={base} className="hover:text-slate-700">
            Request history
          </Link>
        }
        title={
          <span className="flex items-center gap-3">
            {r.operation}
            <Badge tone={STATE_TONE[r.state] ?? "gray"}>{r.state}</Badge>
          </span>
        }
        description={<span className="font-mono text-xs">{r.token}</span>}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Request">
          <dl className="divide-y divide-slate-100" data-testid="request-detail">
            <Row label="URL">
              <span className="font-mono text-xs">{r.url}</span>
            </Row>
            <Row label="Mode">{r.sync ? "sync" : "async"}</Row>
            <Row label="Sent by">
              <span className="flex flex-wrap items-center gap-1.5" data-testid="request-sent-by">
                <SourceBadge source={r.source} />
                <Sender row={r} />
              </span>
            </Row>
            <Row label="Labels">
              {r.labels && Object.keys(r.labels).length ? (
                <span className="flex flex-wrap gap-1">
                  {Object.entries(r.labels as Record<string, string>).map(([k, v]) => (
                    <Badge key={k} tone="indigo">
                      {k}={v}
                    </Badge>
                  ))}
                </span>
              ) : (
                dash
              )}
            </Row>
            <Row label="report_to">
              {r.reportTo ? <span className="font-mono text-xs">{r.reportTo}</span> : dash}
            </Row>
            <Row label="Idempotency-Key">
              {r.idempotencyKey ? <span className="font-mono text-xs">{r.idempotencyKey}</span> : dash}
            </Row>
            <Row label="As sent">
              <RequestAsSentView request={requestAsSent(r)} />
            </Row>
          </dl>
        </Card>
        <Card title="Outcome">
          <dl className="divide-y divide-slate-100">
            <Row label="Cost">
              {r.cost} credit{r.cost === 1 ? "" : "s"}
              {r.state !== "complete" && r.state !== "failed" && ` (${r.reserved} reserved)`}
            </Row>
            <Row label="Cache">{r.cached ? "hit" : "miss"}</Row>
            {r.producedBy && <Row label="Produced by">{r.producedBy}</Row>}
            <RequestTiming row={r} Row={Row} />
            <Row label="Attempts">{r.attempts}</Row>
            {r.error && (
              <Row label="Error">
                <span className="text-red-700">
                  {r.errorStatus && `${r.errorStatus} `}
                  {r.errorCode && <span className="font-mono text-xs">{r.errorCode}: </span>}
                  {r.error}
                </span>
              </Row>
            )}
            <Row label="Result">
              {r.result ? (
                r.result.purgedAt ? (
                  `purged ${formatTimestamp(r.result.purgedAt)}`
                ) : (
                  <span>
                    {r.result.contentType}, {r.result.bytes.toLocaleString("en-US")} bytes — GET /result/
                    {r.token}
                  </span>
                )
              ) : (
                dash
              )}
            </Row>
          </dl>
        </Card>
        {preview.kind !== "none" && (
          <Card title="Result" className="lg:col-span-2">
            <ResultSection preview={preview} url={r.url} token={r.token} />
          </Card>
        )}
        {r.deliveries.length > 0 && (
          <Card
            title="Webhook deliveries"
            className="lg:col-span-2"
            actions={
              <Link
                className="text-sm text-indigo-700 hover:underline"
                href={`/dashboard/projects/${projectId}/webhooks`}
              >
                Delivery log
              </Link>
            }
          >
            <ul className="divide-y divide-slate-100 text-sm">
              {r.deliveries.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-3 py-2">
                  <Badge tone={d.state === "delivered" ? "green" : d.state === "failed" ? "red" : "blue"}>
                    {d.state}
                  </Badge>
                  <span className="font-mono text-xs text-slate-600">{d.url}</span>
                  <span className="text-slate-500">
                    {d.attempts} attempt{d.attempts === 1 ? "" : "s"} · {formatTimestamp(d.createdAt)}
                    {d.state === "pending" &&
                      d.nextAttemptAt &&
                      ` · next attempt ${formatTimestamp(d.nextAttemptAt)}`}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  );
}
