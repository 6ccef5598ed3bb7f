import type { ReactNode } from "react";
import type { Metadata } from "@/lib/schemas/responses";
import { safeUrl } from "@/lib/dashboard/safe-url";
import { formatDateTime } from "@/lib/dashboard/format";

/**
 * A meta result as a card. The page's image and favicon are addresses the page supplied: they are
 * shown as links, never loaded as <img>, so opening a result makes no request to the page's site
 * (no tracking pixel fires, nothing the page chose is fetched on the dashboard's origin).
 */
export function MetaCard({ meta, pageUrl }: { meta: Metadata; pageUrl: string }) {
  const extra = Object.entries(meta.additional_author_information ?? {}).filter(
    ([, v]) => typeof v === "string" || typeof v === "number",
  );
  return (
    <article className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="meta-card">
      <header className="space-y-1">
        <h3 className="text-base font-semibold text-slate-900 break-words" data-testid="meta-title">
          {meta.title ?? <span className="text-slate-500">No title</span>}
        </h3>
        {meta.description && (
          <p className="text-sm text-slate-700 break-words" data-testid="meta-description">
            {meta.description}
          </p>
        )}
      </header>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <Field label="Author" name="author">
          {meta.author_name}
        </Field>
        <Field label="Published" name="date">
          {meta.publication_date && <PublicationDate value={meta.publication_date} />}
        </Field>
        <Field label="Language" name="language">
          {meta.language}
        </Field>
        <Field label="Image" name="image">
          {meta.main_image_url && <PageLink href={meta.main_image_url} base={pageUrl} />}
        </Field>
        <Field label="Favicon" name="favicon">
          {meta.favicon_url && <PageLink href={meta.favicon_url} base={pageUrl} />}
        </Field>
        <Field label="Feed" name="feed">
          {meta.feed_url && <PageLink href={meta.feed_url} base={pageUrl} />}
        </Field>
        {extra.map(([key, value]) => (
          <Field key={key} label={key.replaceAll("_", " ")} name={`author-${key}`}>
            {String(value)}
          </Field>
        ))}
      </dl>
    </article>
  );
}

function Field({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 first-letter:uppercase">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800" data-testid="meta-field" data-field={name}>
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </>
  );
}

/** A day stays a day; a date-time is shown in the dashboard's format, with the page's own text as a title. */
function PublicationDate({ value }: { value: string }) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return <time dateTime={value}>{value}</time>;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return <>{value}</>;
  return (
    <time dateTime={value} title={value}>
      {formatDateTime(at)}
    </time>
  );
}

/** An address from the page, as text in a link that leaves the dashboard (http and https only). */
function PageLink({ href, base }: { href: string; base: string }) {
  const safe = safeUrl(href, base, "link");
  if (!safe || !/^https?:/.test(safe)) return <span className="font-mono text-xs">{href}</span>;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer nofollow"
      referrerPolicy="no-referrer"
      className="break-all font-mono text-xs text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-600"
    >
      {safe}
    </a>
  );
}
