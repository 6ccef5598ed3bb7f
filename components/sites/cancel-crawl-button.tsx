"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { readReply, replyError } from "@/lib/dashboard/api-reply";

/** Cancels a running crawl or batch (DELETE, as the API's), then re-renders the server list. */
export function CancelCrawlButton({
  projectId,
  kind,
  token,
}: {
  projectId: string;
  kind: "crawl" | "batch";
  token: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setError(null);
    const params = new URLSearchParams({ projectId, kind, token });
    const reply = await readReply(await fetch(`/api/dashboard/sites?${params}`, { method: "DELETE" }));
    if (reply.status !== 200) setError(replyError(reply).message || "Could not cancel.");
    start(() => router.refresh());
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="danger"
        size="sm"
        disabled={pending}
        onClick={() => void cancel()}
        aria-label={`Cancel ${kind} ${token}`}
        data-testid="cancel-crawl"
      >
        Cancel
      </Button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
