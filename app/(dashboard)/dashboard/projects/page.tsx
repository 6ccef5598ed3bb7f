import type { Metadata } from "next";
import { requireUser } from "@/lib/dashboard/session";
import { isAdminRole } from "@/lib/dashboard/access";
import { projectsOfOrganization } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { ProjectList } from "@/components/dashboard/project-list";
import { NewProjectForm } from "@/components/dashboard/new-project-form";

export const metadata: Metadata = { title: "Projects · page-to-data" };

export default async function ProjectsPage() {
  const user = await requireUser("/dashboard/projects");
  const current = user.current;
  const projects = current ? await projectsOfOrganization(current.organization.id) : [];
  // New projects go to the current organization, for its owners and admins only.
  const adminOrgs =
    current && isAdminRole(current.role)
      ? [{ id: current.organization.id, name: current.organization.name }]
      : [];
  return (
    <>
      <PageHeader
        title="Projects"
        description="A project owns its API keys, its settings and its request history; credits come from the organization."
      />
      <div className="space-y-6">
        <Card bodyClassName="p-0">
          <ProjectList projects={projects} />
        </Card>
        {adminOrgs.length > 0 && (
          <Card title="New project" description="Creates the project with a first API key.">
            <NewProjectForm organizations={adminOrgs} />
          </Card>
        )}
      </div>
    </>
  );
}
