import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { requireUser } from "@/lib/dashboard/session";
import { AccessError, projectAccess } from "@/lib/dashboard/access";
import { projectKeys, projectSettings, recentRequests } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { CreateKeyForm, KeyPanel, ShownKeySlot } from "@/components/dashboard/key-actions";
import { KeyTable } from "@/components/dashboard/key-table";
import { ProjectSettingsForm } from "@/components/dashboard/project-settings-form";
import { WebhookSecret } from "@/components/dashboard/webhook-secret";
import { RequestsTable } from "@/components/dashboard/requests-table";
import { RefreshButton } from "@/components/dashboard/refresh-button";

export const metadata: Metadata = { title: "Project · page-to-data" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const user = await requireUser(`/dashboard/projects/${projectId}`);
  let canAdmin: boolean;
  try {
    ({ canAdmin } = await projectAccess(user, projectId, "member"));
  } catch (err) {
    if (err instanceof AccessError) notFound();
    throw err;
  }
  const [project, keys, requests] = await Promise.all([
    projectSettings(projectId),
    projectKeys(projectId),
    recentRequests(projectId, 25),
  ]);

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/dashboard/projects" className="hover:text-slate-700">
            Projects / {project.organization.name}
          </Link>
        }
        title={project.name}
        description={<span className="font-mono text-xs">{project.id}</span>}
        actions={
          <>
            <Link href={`/dashboard/projects/${project.id}/requests`} className={buttonClass("secondary")}>
              Request history
            </Link>
            <Link href={`/dashboard/projects/${project.id}/crawls`} className={buttonClass("secondary")}>
              Crawls and batches
            </Link>
            <Link href={`/dashboard/projects/${project.id}/webhooks`} className={buttonClass("secondary")}>
              Webhooks
            </Link>
            <Link href={`/playground?project=${project.id}`} className={buttonClass("secondary")}>
              Try in Playground
            </Link>
          </>
        }
      />

      <div className="space-y-6">
        <Card
          title="API keys"
          description="Send a key as Authorization: Bearer <key>. Keys are shown once when created; afterwards only their name and first characters. Rotating a key replaces that key alone: the old one stays accepted for 24 hours unless you stop it."
        >
          {canAdmin ? (
            <KeyPanel>
              <CreateKeyForm projectId={project.id} />
              <ShownKeySlot />
              <KeyTable keys={keys} projectId={project.id} />
            </KeyPanel>
          ) : (
            <>
              <p className="mb-4 text-xs text-slate-500">
                Only owners and admins can create, rotate or revoke keys.
              </p>
              <KeyTable keys={keys} />
            </>
          )}
        </Card>

        <Card
          title="Settings"
          description="How this project's requests fetch pages and where async results go."
        >
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ProjectSettingsForm
              projectId={project.id}
              robotsPolicy={project.robotsPolicy}
              webhookUrl={project.webhookUrl}
              canEdit={canAdmin}
            />
            <WebhookSecret projectId={project.id} canReveal={canAdmin} />
          </div>
        </Card>

        <Card
          title="Recent requests"
          description="The last 25 requests of this project, newest first."
          actions={<RefreshButton />}
          bodyClassName="p-0"
        >
          <RequestsTable requests={requests} projectId={project.id} />
        </Card>
      </div>
    </>
  );
}
