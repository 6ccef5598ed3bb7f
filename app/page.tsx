import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold">page-to-data</h1>
      <p className="mt-3 text-slate-600">
        Send a public web address; get rendered HTML, Markdown, a screenshot, metadata and more, from one
        visit.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link className={buttonClass("primary")} href="/signup">
          Sign up free
        </Link>
        <Link className={buttonClass("secondary")} href="/login">
          Sign in
        </Link>
        <Link className={buttonClass("ghost")} href="/docs">
          API reference
        </Link>
      </div>
    </main>
  );
}
