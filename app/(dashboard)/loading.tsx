/** Shown while a dashboard page's server work runs (streamed first, replaced by the page). */
export default function Loading() {
  return (
    <div role="status" aria-live="polite" data-testid="page-loading" className="animate-pulse space-y-6">
      <span className="sr-only">Loading…</span>
      <div className="h-7 w-64 rounded bg-slate-200" />
      <div className="h-4 w-96 max-w-full rounded bg-slate-200" />
      <div className="h-48 rounded-xl border border-slate-200 bg-white" />
      <div className="h-64 rounded-xl border border-slate-200 bg-white" />
    </div>
  );
}
