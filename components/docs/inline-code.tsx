import { Fragment } from "react";

/**
 * The OpenAPI descriptions are Markdown, but only ever use inline code (`name`): render that, so the
 * reference shows code instead of backticks, without a Markdown renderer on a server page. An
 * unpaired backtick stays as text.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split("`");
  // An even number of parts means an odd number of backticks: the last one is unpaired.
  const closed = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && i < closed ? (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{i % 2 === 1 ? `\`${part}` : part}</Fragment>
        ),
      )}
    </>
  );
}
