"use client";

import { useEffect } from "react";
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";

/**
 * A dashboard page failed on our side. The message shown is generic (server errors' details stay
 * in the server log, where `digest` finds them); the digest lets support match the two.
 */
export default function DashboardError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-lg py-16 text-center" data-testid="page-error">
      <p className="text-sm font-semibold text-red-600">Something went wrong</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
        This page could not be shown
      </h1>
      <p className="mt-3 text-sm text-slate-600">
        It is our fault, not yours. Try again in a moment.
        {error.digest && (
          <>
            {" "}
            Reference <span className="font-mono text-xs">{error.digest}</span>.
          </>
        )}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={reset}>Try again</Button>
        <Link href="/dashboard" className={buttonClass("secondary")}>
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
