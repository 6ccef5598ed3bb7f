import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "@/lib/dashboard/safe-url";
import { ScrollBox } from "@/components/ui/scroll-box";

/**
 * Renders a page's Markdown with react-markdown + GFM (tables, strikethrough, autolinks). Safe by
 * construction: it builds React elements, never HTML, so raw HTML in the source shows as text
 * (no rehype-raw), and every link and image address goes through the preview's URL policy
 * (lib/dashboard/safe-url.ts).
 */
export function MarkdownView({ source, baseUrl }: { source: string; baseUrl?: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800">
      <Markdown
        remarkPlugins={[remarkGfm]}
        urlTransform={(url, key) => safeUrl(url, baseUrl, key === "src" ? "image" : "link")}
        components={COMPONENTS}
      >
        {source}
      </Markdown>
    </div>
  );
}

const heading = (level: number) => `${HEADING_CLASS[level - 1]} pt-2 text-slate-900`;
const HEADING_CLASS = [
  "text-2xl font-semibold",
  "text-xl font-semibold",
  "text-lg font-semibold",
  "text-base font-semibold",
  "text-sm font-semibold",
  "text-sm font-semibold text-slate-600",
];

type HastElement = NonNullable<ExtraProps["node"]>;

/** The text of a code block (its `<code>` child's text nodes), rendered as one string. */
function textOf(node: HastElement | HastElement["children"][number] | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}

const cell = "border border-slate-200 px-2 py-1";

const COMPONENTS: Components = {
  h1: ({ children }) => <h1 className={heading(1)}>{children}</h1>,
  h2: ({ children }) => <h2 className={heading(2)}>{children}</h2>,
  h3: ({ children }) => <h3 className={heading(3)}>{children}</h3>,
  h4: ({ children }) => <h4 className={heading(4)}>{children}</h4>,
  h5: ({ children }) => <h5 className={heading(5)}>{children}</h5>,
  h6: ({ children }) => <h6 className={heading(6)}>{children}</h6>,
  pre: ({ node }) => (
    <ScrollBox
      as="pre"
      label="Code block"
      className="rounded-md bg-code-bg p-3 font-mono text-xs text-code-fg"
    >
      <code>{textOf(node).replace(/\n$/, "")}</code>
    </ScrollBox>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  ),
  blockquote: ({ children }) => (
    <blockquote className="space-y-2 border-l-4 border-slate-200 pl-4 text-slate-600">{children}</blockquote>
  ),
  hr: () => <hr className="border-slate-200" />,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-6">
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="space-y-1">{children}</li>,
  table: ({ children }) => (
    <ScrollBox label="Table">
      <table className="min-w-full border border-slate-200 text-xs">{children}</table>
    </ScrollBox>
  ),
  thead: ({ children }) => <thead className="bg-slate-50">{children}</thead>,
  th: ({ children }) => <th className={`${cell} text-left font-semibold`}>{children}</th>,
  td: ({ children }) => <td className={`${cell} align-top`}>{children}</td>,
  // An address the policy dropped leaves the link's text, unlinked.
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-600"
      >
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
  // An image the policy dropped leaves its alt text.
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      // eslint-disable-next-line @next/next/no-img-element -- arbitrary remote images from the scraped page
      <img
        src={src}
        alt={alt ?? ""}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="my-2 inline-block max-h-96 max-w-full rounded border border-slate-200"
      />
    ) : (
      <>{alt ?? ""}</>
    ),
};
