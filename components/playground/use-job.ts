"use client";

import { useQuery } from "@tanstack/react-query";
import { readReply, type ApiReply } from "@/lib/dashboard/api-reply";

const POLL_MS = 1000;

/**
 * Polls an async request's result (202 while processing) until it completes or fails. React Query
 * owns the interval, dedupes overlapping polls and stops when the token changes or the page closes.
 */
export function useJob(projectId: string, token: string | null) {
  return useQuery<ApiReply>({
    queryKey: ["playground-job", projectId, token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ projectId, token: token ?? "" });
      return readReply(
        await fetch(`/api/dashboard/playground/result?${params}`, { signal, cache: "no-store" }),
      );
    },
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 202 ? false : POLL_MS),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
