import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold">page-to-data</h1>
      <p className="mt-3 text-slate-600">
        Send a public web address; get rendered HTML, Markdown, a screenshot, metadata and more, from one
        visit.
      </p>
      <div className="mt-8 flex gap-4">
        <Link className="rounded bg-code-bg px-4 py-2 text-white" href="/dashboard">
          Dashboard
        </Link>
        <Link className="rounded border border-slate-300 px-4 py-2" href="/docs">
          API reference
        </Link>
      </div>
    </main>
  );
}
