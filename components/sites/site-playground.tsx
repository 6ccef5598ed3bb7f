"use client";

import { useRef, useState } from "react";
import { readReply, replyError, parseJson } from "@/lib/dashboard/api-reply";
import {
  buildSiteBody,
  DEFAULT_SITE_FORM,
  formOperations,
  type SiteEndpoint,
  type SiteForm,
} from "@/lib/dashboard/site-body";
import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Checkbox, Input, Label, Select, inputClass } from "@/components/ui/field";
import type { ProjectOption } from "@/components/playground/request-form";
import { useCrawl } from "@/components/playground/use-crawl";
import { CrawlProgress } from "./crawl-progress";
import { CrawlPages } from "./crawl-pages";
import { formatCount } from "@/lib/dashboard/format";

type Outcome =
  | { kind: "sending" }
  | { kind: "error"; code: string; message: string }
  | { kind: "map"; url: string; links: string[] }
  | { kind: "crawl"; token: string };

/** What each tab's card says. */
const INTRO: Record<SiteEndpoint, { title: string; description: string }> = {
  map: {
    title: "Map a site",
    description:
      "Lists the site's URLs from its sitemaps and links, without rendering where possible. 1 credit.",
  },
  crawl: {
    title: "Crawl a site",
    description:
      "Visits the site's pages breadth first and runs the chosen operations on each. Credits per page, as for single requests.",
  },
  batch: {
    title: "Batch of URLs",
    description:
      "Runs the chosen operations on each URL listed (up to 1,000), one entry per URL in the order given. Credits per page, as for single requests.",
  },
};

/**
 * The Playground's Map, Crawl and Batch tabs: a form, Run, then the map's links, or the crawl's or
 * batch's live progress and its pages as they finish, with Cancel. Runs as the chosen project, by
 * session.
 */
export function SitePlayground({
  endpoint,
  projects,
  initialProjectId,
}: {
  endpoint: SiteEndpoint;
  projects: ProjectOption[];
  initialProjectId: string;
}) {
  const [projectId, setProjectId] = useState(initialProjectId);
  const [form, setForm] = useState<SiteForm>(DEFAULT_SITE_FORM);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [runProject, setRunProject] = useState(initialProjectId);
  const token = outcome?.kind === "crawl" ? outcome.token : null;
  // Crawl and batch are followed, cancelled and shown alike; only the kind in the path differs.
  const kind = endpoint === "batch" ? "batch" : "crawl";
  const crawl = useCrawl(runProject, kind, token);
  const operations = formOperations(endpoint);
  const [cancelling, setCancelling] = useState(false);
  const hydrated = useHydrated();
  const resultsRef = useRef<HTMLDivElement>(null);
  /** On a phone the results sit below the form: bring them into view unless they already are. */
  const revealResults = () =>
    requestAnimationFrame(() => {
      const box = resultsRef.current;
      if (box && box.getBoundingClientRect().top > window.innerHeight * 0.5) box.scrollIntoView();
    });
  const set = <K extends keyof SiteForm>(key: K, value: SiteForm[K]) => setForm({ ...form, [key]: value });

  async function run() {
    setOutcome({ kind: "sending" });
    revealResults();
    setRunProject(projectId);
    try {
      const reply = await readReply(
        await fetch("/api/dashboard/sites", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ projectId, endpoint, body: buildSiteBody(endpoint, form) }),
        }),
      );
      const parsed = parseJson(reply.text);
      if (reply.status !== 200 || !parsed.ok) return setOutcome({ kind: "error", ...replyError(reply) });
      const value = parsed.value as { url?: string; links?: string[]; token?: string };
      setOutcome(
        endpoint === "map"
          ? { kind: "map", url: value.url ?? "", links: value.links ?? [] }
          : { kind: "crawl", token: value.token ?? "" },
      );
    } catch (err) {
      setOutcome({ kind: "error", code: "network_error", message: String(err) });
    }
  }

  async function cancel() {
    if (!token) return;
    setCancelling(true);
    const params = new URLSearchParams({ projectId: runProject, kind, token });
    await fetch(`/api/dashboard/sites?${params}`, { method: "DELETE" }).catch(() => {});
    setCancelling(false);
    await crawl.refetch();
  }

  const following = Boolean(token) && !crawl.error && (!crawl.data || crawl.data.status === "processing");
  const busy = outcome?.kind === "sending" || following;
  const toggleOp = (op: (typeof operations)[number]) =>
    set(
      "operations",
      form.operations.includes(op)
        ? form.operations.filter((o) => o !== op)
        : operations.filter((o) => o === op || form.operations.includes(o)),
    );

  if (!projects.length) {
    return (
      <Alert tone="info" title="No project yet">
        Create a project first; the Playground runs requests as one of your projects.
      </Alert>
    );
  }

  return (
    <div
      className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
      // Set once React owns the form: a value typed before that may be reset by hydration.
      data-playground-ready={hydrated ? "" : undefined}
    >
      <Card title={INTRO[endpoint].title} description={INTRO[endpoint].description}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {projects.length > 1 && (
            <div>
              <Label htmlFor="site-project">Project</Label>
              <Select id="site-project" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
                {projects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.organization} / {p.name}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {endpoint === "batch" ? (
            <div>
              <Label htmlFor="site-urls" hint="one per line">
                URLs
              </Label>
              <textarea
                id="site-urls"
                rows={6}
                className={inputClass + " font-mono"}
                value={form.urls}
                onChange={(e) => set("urls", e.target.value)}
              />
            </div>
          ) : (
            <SiteScopeFields endpoint={endpoint} form={form} set={set} />
          )}
          {endpoint !== "map" && (
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Operations per page</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {operations.map((op) => (
                  <Checkbox
                    key={op}
                    id={`site-op-${op}`}
                    label={op}
                    checked={form.operations.includes(op)}
                    onChange={() => toggleOp(op)}
                  />
                ))}
              </div>
            </fieldset>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? "Running…" : `Run ${endpoint}`}
          </Button>
        </form>
      </Card>

      <div ref={resultsRef} className="min-w-0 scroll-mt-28 space-y-6">
        {!outcome && (
          <div className="grid h-24 place-items-center xl:h-64 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-center text-sm text-slate-500">
            {endpoint === "batch" ? "List the URLs" : "Enter a start URL"}, then press Run.
          </div>
        )}
        {outcome?.kind === "sending" && <p className="text-sm text-slate-500">Sending…</p>}
        {outcome?.kind === "error" && (
          <Alert tone="error" title={outcome.code} testId="playground-error">
            {outcome.message}
          </Alert>
        )}
        {crawl.error && (
          <Alert tone="error" title="Could not follow the crawl" testId="playground-error">
            {crawl.error.message}
          </Alert>
        )}
        {outcome?.kind === "map" && (
          <Card title={formatCount(outcome.links.length, "link")} description={outcome.url}>
            <ul
              className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto font-mono text-xs text-slate-700"
              data-testid="map-links"
            >
              {outcome.links.map((link) => (
                <li key={link} className="truncate py-1.5" title={link}>
                  {link}
                </li>
              ))}
            </ul>
          </Card>
        )}
        {outcome?.kind === "crawl" && (
          <>
            <Card
              title="Progress"
              description={<span className="break-all font-mono text-xs">{outcome.token}</span>}
              actions={
                crawl.data?.status === "processing" && (
                  <Button variant="danger" size="sm" onClick={() => void cancel()} disabled={cancelling}>
                    Cancel {kind}
                  </Button>
                )
              }
            >
              {crawl.data ? (
                <CrawlProgress
                  status={crawl.data.status}
                  total={crawl.data.total}
                  completed={crawl.data.completed}
                  failed={crawl.data.failed}
                  creditsUsed={crawl.data.credits_used}
                  stoppedReason={crawl.data.stopped_reason}
                />
              ) : (
                <p className="text-sm text-slate-500">Accepted; waiting for the first status…</p>
              )}
            </Card>
            <Card title="Pages">
              <CrawlPages pages={crawl.data?.pages ?? []} />
            </Card>
          </>
        )}
      </div>
    </div>
  );
}

/** Start URL, limit, depth and path filters: what Map and Crawl share. */
function SiteScopeFields({
  endpoint,
  form,
  set,
}: {
  endpoint: SiteEndpoint;
  form: SiteForm;
  set: <K extends keyof SiteForm>(key: K, value: SiteForm[K]) => void;
}) {
  return (
    <>
      <div>
        <Label htmlFor="site-url">Start URL</Label>
        <Input
          id="site-url"
          type="url"
          required
          value={form.url}
          onChange={(e) => set("url", e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="site-limit" hint={endpoint === "map" ? "URLs" : "pages"}>
            Limit
          </Label>
          <Input
            id="site-limit"
            inputMode="numeric"
            value={form.limit}
            onChange={(e) => set("limit", e.target.value)}
          />
        </div>
        {endpoint === "crawl" && (
          <div>
            <Label htmlFor="site-depth" hint="links from the start page">
              Max depth
            </Label>
            <Input
              id="site-depth"
              inputMode="numeric"
              value={form.maxDepth}
              onChange={(e) => set("maxDepth", e.target.value)}
            />
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="site-include" hint="regex per line">
            Include paths
          </Label>
          <textarea
            id="site-include"
            rows={2}
            className={inputClass + " font-mono"}
            placeholder="^/docs/"
            value={form.includePaths}
            onChange={(e) => set("includePaths", e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="site-exclude" hint="regex per line">
            Exclude paths
          </Label>
          <textarea
            id="site-exclude"
            rows={2}
            className={inputClass + " font-mono"}
            placeholder="^/blog/"
            value={form.excludePaths}
            onChange={(e) => set("excludePaths", e.target.value)}
          />
        </div>
      </div>
    </>
  );
}
