import type { Metadata } from "next";
import { requireUser } from "@/lib/dashboard/session";
import { projectsForUser } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Playground } from "@/components/playground/playground";
import { playgroundFields } from "@/lib/dashboard/option-fields";

export const metadata: Metadata = { title: "Playground · page-to-data" };

export default async function PlaygroundPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/playground");
  const projects = (await projectsForUser(user.id)).map((p) => ({
    id: p.id,
    name: p.name,
    organization: p.organization.name,
  }));
  const asked = (await searchParams).project;
  const initial =
    projects.find((p) => p.id === (Array.isArray(asked) ? asked[0] : asked))?.id ?? projects[0]?.id ?? "";
  return (
    <>
      <PageHeader
        title="Playground"
        description="Try any operation against a public page and see the response headers, the job's progress and a preview of the result."
      />
      <Playground projects={projects} initialProjectId={initial} fields={playgroundFields()} />
    </>
  );
}
