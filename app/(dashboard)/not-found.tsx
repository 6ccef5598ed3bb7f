import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** A project, request or page that does not exist or that this account cannot see (same answer). */
export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center" data-testid="page-not-found">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Nothing here</h1>
      <p className="mt-3 text-sm text-slate-600">
        This page does not exist, or it belongs to an organization you are not a member of.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Link href="/dashboard/projects" className={buttonClass("primary")}>
          Your projects
        </Link>
        <Link href="/dashboard" className={buttonClass("secondary")}>
          Overview
        </Link>
      </div>
    </div>
  );
}
