"use client";

import type { OperationName } from "@/lib/schemas/options";
import {
  PLAYGROUND_ENDPOINTS,
  PLAYGROUND_OPERATIONS,
  usesScreenshot,
  type ImageFormat,
  type PlaygroundEndpoint,
  type PlaygroundForm,
} from "@/lib/dashboard/playground-body";
import { Button } from "@/components/ui/button";
import { Checkbox, Input, Label, Select } from "@/components/ui/field";

const COSTS: Record<PlaygroundEndpoint, string> = {
  html: "1 credit",
  markdown: "1 credit",
  screenshot: "1 credit",
  meta: "5 credits",
  summarize: "17 credits",
  keywords: "15 credits",
  lighthouse: "2 credits",
  console: "1 credit",
  scrape: "sum of its operations",
};

export interface ProjectOption {
  id: string;
  name: string;
  organization: string;
}

export function RequestForm({
  projects,
  projectId,
  onProject,
  form,
  onChange,
  onSubmit,
  busy,
}: {
  projects: ProjectOption[];
  projectId: string;
  onProject: (id: string) => void;
  form: PlaygroundForm;
  onChange: (f: PlaygroundForm) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const set = <K extends keyof PlaygroundForm>(key: K, value: PlaygroundForm[K]) =>
    onChange({ ...form, [key]: value });
  const toggleOp = (op: OperationName) =>
    set(
      "scrapeOperations",
      form.scrapeOperations.includes(op)
        ? form.scrapeOperations.filter((o) => o !== op)
        : PLAYGROUND_OPERATIONS.filter((o) => o === op || form.scrapeOperations.includes(o)),
    );

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="project">Project</Label>
          <Select id="project" value={projectId} onChange={(e) => onProject(e.target.value)}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {p.organization}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="endpoint" hint={COSTS[form.endpoint]}>
            Operation
          </Label>
          <Select
            id="endpoint"
            value={form.endpoint}
            onChange={(e) => set("endpoint", e.target.value as PlaygroundEndpoint)}
          >
            {PLAYGROUND_ENDPOINTS.map((ep) => (
              <option key={ep} value={ep}>
                {ep}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {form.endpoint === "scrape" && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            Operations to run from one visit
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PLAYGROUND_OPERATIONS.map((op) => (
              <Checkbox
                key={op}
                id={`op-${op}`}
                label={op}
                checked={form.scrapeOperations.includes(op)}
                onChange={() => toggleOp(op)}
              />
            ))}
          </div>
        </fieldset>
      )}

      <div>
        <Label htmlFor="url">URL</Label>
        <Input
          id="url"
          type="text"
          inputMode="url"
          required
          value={form.url}
          onChange={(e) => set("url", e.target.value)}
          placeholder="https://example.com/"
        />
      </div>

      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox
          id="sync"
          label="Sync (wait for the result)"
          checked={form.sync}
          onChange={(e) => set("sync", e.target.checked)}
        />
        <Checkbox
          id="bypass"
          label="Bypass cache (max_age 0)"
          checked={form.bypassCache}
          onChange={(e) => set("bypassCache", e.target.checked)}
        />
      </div>

      {usesScreenshot(form) && (
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Screenshot options</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <Label htmlFor="format">Format</Label>
              <Select
                id="format"
                value={form.screenshot.format}
                onChange={(e) =>
                  set("screenshot", { ...form.screenshot, format: e.target.value as ImageFormat })
                }
              >
                <option value="png">png</option>
                <option value="jpeg">jpeg</option>
                <option value="webp">webp</option>
              </Select>
            </div>
            <div>
              <Label htmlFor="vw">Viewport width</Label>
              <Input
                id="vw"
                inputMode="numeric"
                placeholder="1350"
                value={form.screenshot.viewportWidth}
                onChange={(e) => set("screenshot", { ...form.screenshot, viewportWidth: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="vh">Viewport height</Label>
              <Input
                id="vh"
                inputMode="numeric"
                placeholder="797"
                value={form.screenshot.viewportHeight}
                onChange={(e) => set("screenshot", { ...form.screenshot, viewportHeight: e.target.value })}
              />
            </div>
          </div>
          <p className="mt-1 text-xs text-slate-500">
            Width 320–1920, height 240–1080 pixels; empty uses 1350 × 797.
          </p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            <Checkbox
              id="fullPage"
              label="Full page"
              checked={form.screenshot.fullPage}
              onChange={(e) => set("screenshot", { ...form.screenshot, fullPage: e.target.checked })}
            />
            <Checkbox
              id="darkMode"
              label="Dark mode"
              checked={form.screenshot.darkMode}
              onChange={(e) => set("screenshot", { ...form.screenshot, darkMode: e.target.checked })}
            />
          </div>
        </fieldset>
      )}

      <details className="group rounded-lg border border-slate-200 p-4 open:pb-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Page options</summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="wait" hint="≤ 10 s">
              Wait for selector
            </Label>
            <Input
              id="wait"
              placeholder="#content"
              value={form.page.waitForSelector}
              onChange={(e) => set("page", { ...form.page, waitForSelector: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor="delay" hint="0–10000 ms">
              Delay
            </Label>
            <Input
              id="delay"
              inputMode="numeric"
              placeholder="0"
              value={form.page.delay}
              onChange={(e) => set("page", { ...form.page, delay: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor="remove" hint="one per line, or comma-separated">
              Remove selectors
            </Label>
            <textarea
              id="remove"
              rows={2}
              className="block w-full rounded-md border-0 px-3 py-2 font-mono text-xs shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
              placeholder=".cookie-banner, nav"
              value={form.page.removeSelectors}
              onChange={(e) => set("page", { ...form.page, removeSelectors: e.target.value })}
            />
          </div>
        </div>
      </details>

      <Button type="submit" disabled={busy || !projectId} className="w-full sm:w-auto">
        {busy ? "Running…" : `Run ${form.endpoint}`}
      </Button>
    </form>
  );
}
