import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/dashboard/session";
import { projectsOfOrganization } from "@/lib/dashboard/projects";
import { PageHeader } from "@/components/ui/page-header";
import { Playground } from "@/components/playground/playground";
import { SitePlayground } from "@/components/sites/site-playground";
import { playgroundFields } from "@/lib/dashboard/option-fields";
import { cx } from "@/components/ui/cx";
import { formFromQuery } from "@/lib/dashboard/playground-link";

export const metadata: Metadata = { title: "Playground · page-to-data" };

/** One page per tab (links, so each tab has its address and works without script). */
const TABS = [
  { id: "page", label: "One page" },
  { id: "map", label: "Map" },
  { id: "crawl", label: "Crawl" },
  { id: "batch", label: "Batch" },
] as const;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function PlaygroundPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/playground");
  const projects = (user.current ? await projectsOfOrganization(user.current.organization.id) : []).map(
    (p) => ({
      id: p.id,
      name: p.name,
      organization: p.organization.name,
    }),
  );
  const query = await searchParams;
  const asked = first(query.project);
  const initial = projects.find((p) => p.id === asked)?.id ?? projects[0]?.id ?? "";
  const tab = TABS.find((t) => t.id === first(query.tab))?.id ?? "page";
  const tabHref = (id: string) => {
    const q = new URLSearchParams({ ...(id !== "page" && { tab: id }), ...(asked && { project: asked }) });
    return `/playground${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="Playground"
        description="Try any operation against a public page, map a site, crawl it or run a batch of URLs, and see the response, the job's progress and a preview of the result."
      />
      <nav aria-label="Playground mode" className="mb-6 flex gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <Link
            key={t.id}
            href={tabHref(t.id)}
            aria-current={t.id === tab ? "page" : undefined}
            data-testid={`playground-tab-${t.id}`}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
              t.id === tab
                ? "border-indigo-600 text-indigo-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "page" ? (
        <PagePlayground projects={projects} initialProjectId={initial} query={query} />
      ) : (
        <SitePlayground key={tab} endpoint={tab} projects={projects} initialProjectId={initial} />
      )}
    </>
  );
}

/** The one-page Playground, filled in from a deep link's query when it has one. */
function PagePlayground({
  projects,
  initialProjectId,
  query,
}: {
  projects: { id: string; name: string; organization: string }[];
  initialProjectId: string;
  query: Record<string, string | string[] | undefined>;
}) {
  const fields = playgroundFields();
  return (
    <Playground
      projects={projects}
      initialProjectId={initialProjectId}
      fields={fields}
      initialForm={formFromQuery(query, fields)}
    />
  );
}
