"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { cancelPendingDeliveriesAction } from "@/lib/dashboard/actions/webhooks";
import { Button } from "@/components/ui/button";

/**
 * Destinations with deliveries waiting, each with "Cancel pending" (admins only: the page renders
 * it for them, and the action checks the role again). For a receiver that is gone for good.
 */
export function CancelPending({
  projectId,
  destinations,
}: {
  projectId: string;
  destinations: { url: string; pending: number }[];
}) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-2" data-testid="pending-destinations">
      {destinations.length === 0 && <p className="text-sm text-slate-500">No delivery is waiting.</p>}
      <ul className="divide-y divide-slate-100 text-sm">
        {destinations.map((d) => (
          <li key={d.url} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-all font-mono text-xs text-slate-700">{d.url}</span>
            <span className="flex items-center gap-3">
              <span className="text-slate-600">{d.pending} pending</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                aria-label={`Cancel ${d.pending} pending deliveries to ${d.url}`}
                onClick={() =>
                  start(async () => {
                    const r = await cancelPendingDeliveriesAction(projectId, d.url);
                    setMessage(
                      r.ok
                        ? `Cancelled ${r.cancelled} pending deliver${r.cancelled === 1 ? "y" : "ies"}.`
                        : r.error,
                    );
                    if (r.ok) router.refresh();
                  })
                }
              >
                Cancel pending
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-slate-600" data-testid="cancel-pending-status">
        {message}
      </p>
    </div>
  );
}
