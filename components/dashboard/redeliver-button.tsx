"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { redeliverAction } from "@/lib/dashboard/actions/webhooks";
import { Button } from "@/components/ui/button";

export function RedeliverButton({ projectId, deliveryId }: { projectId: string; deliveryId: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await redeliverAction(projectId, deliveryId);
            if (r.ok) router.refresh();
            else setError(r.error);
          })
        }
      >
        {pending ? "Queueing…" : "Redeliver"}
      </Button>
      {error && <span className="text-red-700">{error}</span>}
    </span>
  );
}
