"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { MarkdownView } from "@/components/results/markdown-view";
import { pageMarkdown, type CrawlPageAnswer } from "@/lib/dashboard/site-body";
import { ScrollBox } from "@/components/ui/scroll-box";

/**
 * A crawl's finished pages as a list of URLs; choosing one previews its Markdown (rendered, never
 * raw HTML: MarkdownView) or shows why it failed.
 */
export function CrawlPages({ pages }: { pages: CrawlPageAnswer[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  if (!pages.length) return <p className="text-sm text-slate-500">No page has finished yet.</p>;
  const page = chosen === null ? null : pages[chosen];
  const markdown = page && pageMarkdown(page);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ul
        className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200"
        data-testid="crawl-pages"
      >
        {pages.map((p, i) => (
          <li key={`${i}-${p.url}`}>
            <button
              type="button"
              onClick={() => setChosen(i)}
              aria-pressed={chosen === i}
              className="flex w-full min-w-0 items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-50"
              data-testid="crawl-page"
              data-status={p.status}
            >
              <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700" title={p.url}>
                {p.url}
              </span>
              {p.status === "failed" && <Badge tone="red">failed</Badge>}
            </button>
          </li>
        ))}
      </ul>
      <div className="min-w-0 rounded-md p-3 ring-1 ring-slate-200" data-testid="crawl-page-preview">
        {!page ? (
          <p className="text-sm text-slate-500">Choose a page to preview its Markdown.</p>
        ) : page.status === "failed" ? (
          <p className="text-sm text-red-700">
            {page.code ? `${page.code}: ` : ""}
            {page.error ?? "This page failed."}
          </p>
        ) : markdown !== null ? (
          <ScrollBox label="Page as Markdown" className="max-h-96 break-words" data-testid="markdown-preview">
            <MarkdownView source={markdown} baseUrl={page.url} />
          </ScrollBox>
        ) : (
          <ScrollBox
            as="pre"
            label="Page results as JSON"
            className="max-h-96 whitespace-pre-wrap break-words font-mono text-xs text-slate-700"
          >
            {JSON.stringify(page.operations, null, 2).slice(0, 20_000)}
          </ScrollBox>
        )}
      </div>
    </div>
  );
}
