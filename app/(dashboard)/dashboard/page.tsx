import Link from "next/link";
import type { Metadata } from "next";
import { requireUser, primaryMembership } from "@/lib/dashboard/session";
import { dailyUsage, organizationOverview } from "@/lib/dashboard/usage";
import { projectsOfOrganization } from "@/lib/dashboard/projects";
import { formatDate, formatNumber } from "@/lib/dashboard/format";
import { emailMode } from "@/lib/email/mode";
import { outboxFor } from "@/lib/email/outbox";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Stat } from "@/components/dashboard/stat";
import { UsageChart } from "@/components/dashboard/usage-chart";
import { OutboxList } from "@/components/dashboard/outbox-list";
import { ProjectList } from "@/components/dashboard/project-list";
import { OperationUsageBars } from "@/components/dashboard/operation-usage";
import { usageByOperation } from "@/lib/dashboard/request-history";

export const metadata: Metadata = { title: "Overview · page-to-data" };

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/dashboard");
  const joined = (await searchParams).joined;
  const membership = primaryMembership(user);
  if (!membership) {
    return (
      <PageHeader
        title="No organization"
        description="Your account does not belong to an organization yet. Ask an owner to add you."
      />
    );
  }
  const org = membership.organization;
  const [overview, usage, byOperation, projects, outbox] = await Promise.all([
    organizationOverview(org.id),
    dailyUsage(org.id, 30),
    usageByOperation({ organizationId: org.id }, 30),
    projectsOfOrganization(org.id),
    emailMode() === "dev-outbox" ? outboxFor(user.email) : Promise.resolve(null),
  ]);
  // A sign-up creates no key (docs/decisions.md "Generic sign-up answer"): the first one is made here.
  const keyless = projects.length > 0 && projects.every((p) => p._count.keys === 0);
  const usedShare = overview.monthlyCredits ? Math.min(1, overview.used / overview.monthlyCredits) : 0;
  const total30 = usage.reduce((s, d) => s + d.credits, 0);

  return (
    <>
      <PageHeader
        eyebrow="Overview"
        title={
          <span className="flex items-center gap-3">
            {org.name}
            <Badge tone={org.plan === "free" ? "gray" : "indigo"}>
              {org.plan === "free" ? "Free plan" : "Pro plan"}
            </Badge>
          </span>
        }
        description={`Billing period ${formatDate(overview.periodStart)} – ${formatDate(overview.resetsAt)}.`}
        actions={
          <Link href="/playground" className={buttonClass("primary")}>
            Open Playground
          </Link>
        }
      />

      {joined === org.id && (
        <Alert tone="success" title={`You joined ${org.name}`} className="mb-6" testId="joined-organization">
          You are a {membership.role} of {org.name}, now the current organization. Use the switcher in the
          sidebar to go back to another one.
        </Alert>
      )}

      {keyless && (
        <Alert tone="info" title="Create your first API key" className="mb-6" testId="first-key">
          Your project has no API key yet. A key is shown once, when it is created.{" "}
          <Link
            href={`/dashboard/projects/${projects[0].id}`}
            className="font-medium underline underline-offset-2"
            data-testid="first-key-link"
          >
            Create one on the project page
          </Link>
          .
        </Alert>
      )}

      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Plan"
          value={overview.plan === "free" ? "Free" : "Pro"}
          detail={`${formatNumber(overview.monthlyCredits)} credits a month`}
        />
        <Stat
          label="Credits used"
          value={formatNumber(overview.used)}
          detail={`of ${formatNumber(overview.monthlyCredits)} this period${overview.reserved ? ` · ${overview.reserved} held` : ""}`}
        >
          <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div
              className={usedShare > 0.9 ? "h-full bg-red-500" : "h-full bg-indigo-500"}
              style={{ width: `${usedShare * 100}%` }}
            />
          </div>
        </Stat>
        <Stat
          label="Credits remaining"
          value={<span data-testid="credits-remaining">{formatNumber(overview.remaining)}</span>}
          detail={`Resets ${formatDate(overview.resetsAt)}`}
        />
        <Stat
          label="Concurrency limit"
          value={overview.concurrencyLimit}
          detail={`${overview.running} running now`}
        />
      </dl>

      <Card
        className="mt-6"
        title="Usage"
        description={`Credits spent per day, last 30 days (UTC) · ${formatNumber(total30)} in total`}
      >
        <UsageChart days={usage} />
      </Card>

      <Card
        className="mt-6"
        title="Usage by operation"
        description="Credits and requests, last 30 days, every project"
      >
        <OperationUsageBars usage={byOperation} />
      </Card>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card
          title="Projects"
          description="Each project has its own keys, settings and request history."
          actions={
            <Link href="/dashboard/projects" className={buttonClass("secondary", "sm")}>
              All projects
            </Link>
          }
          bodyClassName="p-0"
        >
          <ProjectList projects={projects} compact />
        </Card>
        {outbox && <OutboxList items={outbox} />}
      </div>
    </>
  );
}
