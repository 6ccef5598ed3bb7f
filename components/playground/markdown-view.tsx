import type { ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "@/lib/dashboard/markdown";

/**
 * Renders Markdown through the tiny parser's tree. Every string goes through React (escaped); no
 * dangerouslySetInnerHTML anywhere, so page content cannot inject markup into the dashboard.
 */
export function MarkdownView({ source, baseUrl }: { source: string; baseUrl?: string }) {
  const blocks = parseMarkdown(source, { baseUrl });
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800">
      {blocks.map((b, i) => renderBlock(b, i))}
    </div>
  );
}

const HEADING_CLASS = [
  "text-2xl font-semibold",
  "text-xl font-semibold",
  "text-lg font-semibold",
  "text-base font-semibold",
  "text-sm font-semibold",
  "text-sm font-semibold text-slate-600",
];

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case "heading": {
      const Tag = `h${block.level}` as "h1";
      return (
        <Tag key={key} className={`${HEADING_CLASS[block.level - 1]} pt-2 text-slate-900`}>
          {renderInlines(block.children)}
        </Tag>
      );
    }
    case "paragraph":
      return <p key={key}>{renderInlines(block.children)}</p>;
    case "code":
      return (
        <pre key={key} className="overflow-x-auto rounded-md bg-code-bg p-3 font-mono text-xs text-code-fg">
          <code>{block.text}</code>
        </pre>
      );
    case "quote":
      return (
        <blockquote key={key} className="space-y-2 border-l-4 border-slate-200 pl-4 text-slate-600">
          {block.children.map(renderBlock)}
        </blockquote>
      );
    case "hr":
      return <hr key={key} className="border-slate-200" />;
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i} className="space-y-1">
          {item.length === 1 && item[0].type === "paragraph"
            ? renderInlines(item[0].children)
            : item.map(renderBlock)}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start} className="list-decimal space-y-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-6">
          {items}
        </ul>
      );
    }
    case "table":
      return (
        <div key={key} className="overflow-x-auto">
          <table className="min-w-full border border-slate-200 text-xs">
            <thead className="bg-slate-50">
              <tr>
                {block.header.map((cell, i) => (
                  <th key={i} className="border border-slate-200 px-2 py-1 text-left font-semibold">
                    {renderInlines(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className="border border-slate-200 px-2 py-1 align-top">
                      {renderInlines(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => renderInline(node, i));
}

function renderInline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "code":
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {node.text}
        </code>
      );
    case "strong":
      return <strong key={key}>{renderInlines(node.children)}</strong>;
    case "em":
      return <em key={key}>{renderInlines(node.children)}</em>;
    case "del":
      return <del key={key}>{renderInlines(node.children)}</del>;
    case "break":
      return <br key={key} />;
    case "link":
      return (
        <a
          key={key}
          href={node.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-indigo-600 underline decoration-indigo-300 hover:decoration-indigo-600"
        >
          {renderInlines(node.children)}
        </a>
      );
    case "image":
      return (
        // eslint-disable-next-line @next/next/no-img-element -- arbitrary remote images from the scraped page
        <img
          key={key}
          src={node.src}
          alt={node.alt}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="my-2 inline-block max-h-96 max-w-full rounded border border-slate-200"
        />
      );
  }
}
