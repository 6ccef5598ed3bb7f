"use client";

import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import type { ImageFormat, PlaygroundEndpoint } from "@/lib/dashboard/playground-body";
import { contentTypeOf } from "@/lib/schemas/operations";
import { parseJson } from "@/lib/dashboard/api-reply";
import { previewDocument } from "@/lib/dashboard/preview-html";
import { consoleResultSchema, keywordsResultSchema, metadataSchema } from "@/lib/schemas/responses";
import { Badge } from "@/components/ui/badge";
import { ViewToggle } from "@/components/ui/view-toggle";
import { ScrollBox } from "@/components/ui/scroll-box";
import { isLighthouseResult, LighthouseView } from "./lighthouse-view";
import { JsonView, Toolbar, ViewOrJson } from "./json-view";
import { MetaCard } from "./meta-card";
import { KeywordChips } from "./keyword-chips";
import { ConsoleTable } from "./console-table";
import { ScreenshotView } from "./screenshot-view";

// The Markdown renderer (react-markdown + remark-gfm) loads only when a Markdown result is shown,
// so it does not weigh on the Playground's first load.
const MarkdownView = dynamic(() => import("./markdown-view").then((m) => m.MarkdownView), {
  loading: () => <p className="text-sm text-slate-500">Rendering Markdown…</p>,
});

const RAW_LIMIT = 200_000;

type Mode = "preview" | "raw";
const MODES = [
  { value: "preview", label: "Preview" },
  { value: "raw", label: "Raw" },
] as const;

/** A finished result, previewed the way its operation's format suggests (docs/spec.md §2.6). */
export function ResultPreview({
  endpoint,
  text,
  format,
  pageUrl,
}: {
  endpoint: PlaygroundEndpoint;
  text: string;
  format: ImageFormat;
  pageUrl: string;
}) {
  if (endpoint === "scrape") return <ScrapePreview text={text} format={format} pageUrl={pageUrl} />;
  // Text results (docs/spec.md §4) are previewed as they are; JSON ones parsed.
  if (!contentTypeOf(endpoint).startsWith("application/json")) {
    return <OperationPreview operation={endpoint} value={text} format={format} pageUrl={pageUrl} />;
  }
  const parsed = parseJson(text);
  return (
    <OperationPreview
      operation={endpoint}
      value={parsed.ok ? parsed.value : text}
      format={format}
      pageUrl={pageUrl}
    />
  );
}

function OperationPreview({
  operation,
  value,
  format,
  pageUrl,
}: {
  operation: string;
  value: unknown;
  format: ImageFormat;
  pageUrl: string;
}) {
  if (typeof value === "string") {
    if (operation === "html") return <HtmlPreview html={value} pageUrl={pageUrl} />;
    if (operation === "markdown") return <MarkdownPreview markdown={value} pageUrl={pageUrl} />;
    if (operation === "screenshot") return <ScreenshotView base64={value} format={format} />;
    return <TextBlock text={value} />;
  }
  return <StructuredPreview operation={operation} value={value} pageUrl={pageUrl} />;
}

/** JSON results with a view of their own; anything that does not match its schema stays JSON. */
function StructuredPreview({
  operation,
  value,
  pageUrl,
}: {
  operation: string;
  value: unknown;
  pageUrl: string;
}) {
  if (operation === "lighthouse" && isLighthouseResult(value))
    return <LighthouseView result={value} json={<JsonView value={value} />} />;
  if (operation === "meta") {
    const meta = metadataSchema.safeParse(value);
    if (meta.success)
      return (
        <ViewOrJson value={value}>
          <MetaCard meta={meta.data} pageUrl={pageUrl} />
        </ViewOrJson>
      );
  }
  if (operation === "keywords") {
    const keywords = keywordsResultSchema.safeParse(value);
    if (keywords.success)
      return (
        <ViewOrJson value={value}>
          <KeywordChips keywords={keywords.data} />
        </ViewOrJson>
      );
  }
  if (operation === "console") {
    const entries = consoleResultSchema.safeParse(value);
    if (entries.success)
      return (
        <ViewOrJson value={value}>
          <ConsoleTable entries={entries.data} />
        </ViewOrJson>
      );
  }
  return <JsonView value={value} />;
}

function RawText({ text }: { text: string }) {
  const clipped = text.length > RAW_LIMIT;
  return (
    <ScrollBox
      as="pre"
      label="Raw result"
      data-testid="raw-result"
      className="max-h-[32rem] whitespace-pre-wrap break-words rounded-md bg-code-bg p-3 font-mono text-xs text-code-fg"
    >
      {clipped
        ? text.slice(0, RAW_LIMIT) + `\n… ${text.length - RAW_LIMIT} more characters (copy to see all)`
        : text}
    </ScrollBox>
  );
}

/**
 * The page's HTML in an iframe with sandbox="" (no scripts, no same-origin, no forms, no popups):
 * the captured page is untrusted and must not run in the dashboard's origin. Never add
 * allow-scripts or allow-same-origin here (docs/security.md). Its addresses are made absolute so
 * relative images and styles load from the page's own site.
 */
function HtmlPreview({ html, pageUrl }: { html: string; pageUrl: string }) {
  const [mode, setMode] = useState<Mode>("preview");
  const srcDoc = useMemo(() => previewDocument(html, pageUrl), [html, pageUrl]);
  return (
    <div>
      <Toolbar copy={html}>
        <ViewToggle value={mode} options={MODES} onChange={setMode} />
      </Toolbar>
      {mode === "preview" ? (
        <iframe
          title="Rendered HTML preview"
          data-testid="html-preview"
          sandbox=""
          srcDoc={srcDoc}
          className="h-[32rem] w-full rounded-md border border-slate-200 bg-[#fff]"
        />
      ) : (
        <RawText text={html} />
      )}
    </div>
  );
}

function MarkdownPreview({ markdown, pageUrl }: { markdown: string; pageUrl: string }) {
  const [mode, setMode] = useState<Mode>("preview");
  return (
    <div>
      <Toolbar copy={markdown}>
        <ViewToggle value={mode} options={MODES} onChange={setMode} />
      </Toolbar>
      {mode === "preview" ? (
        <ScrollBox
          label="Markdown preview"
          data-testid="markdown-preview"
          className="max-h-[32rem] rounded-md border border-slate-200 bg-white p-5"
        >
          <MarkdownView source={markdown} baseUrl={pageUrl} />
        </ScrollBox>
      ) : (
        <RawText text={markdown} />
      )}
    </div>
  );
}

function TextBlock({ text }: { text: string }) {
  return (
    <div>
      <Toolbar copy={text} />
      <p
        data-testid="text-result"
        className="whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-800"
      >
        {text}
      </p>
    </div>
  );
}

interface ScrapeEntry {
  success?: boolean;
  result?: unknown;
  error?: string;
  cached?: boolean;
}

/** ScrapeResult: one section per operation, each previewed as if run alone. */
function ScrapePreview({ text, format, pageUrl }: { text: string; format: ImageFormat; pageUrl: string }) {
  const [mode, setMode] = useState<"sections" | "json">("sections");
  const parsed = parseJson(text);
  const ops =
    parsed.ok && typeof parsed.value === "object" && parsed.value !== null
      ? (parsed.value as { operations?: Record<string, ScrapeEntry> }).operations
      : undefined;
  if (!parsed.ok || !ops) return <RawText text={text} />;
  return (
    <div className="space-y-4">
      <ViewToggle
        value={mode}
        options={[
          { value: "sections", label: "By operation" },
          { value: "json", label: "JSON" },
        ]}
        onChange={setMode}
      />
      {mode === "json" ? (
        <JsonView value={parsed.value} />
      ) : (
        Object.entries(ops).map(([op, entry]) => (
          <section key={op} className="rounded-lg border border-slate-200 p-4">
            <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
              {op}
              <Badge tone={entry.success ? "green" : "red"}>{entry.success ? "success" : "failed"}</Badge>
              {entry.cached && <Badge tone="blue">cached</Badge>}
            </h3>
            {entry.success ? (
              <OperationPreview operation={op} value={entry.result} format={format} pageUrl={pageUrl} />
            ) : (
              <p className="text-sm text-red-700">{entry.error}</p>
            )}
          </section>
        ))
      )}
    </div>
  );
}
