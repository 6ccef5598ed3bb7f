"use client";

import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { readReply, replyError } from "@/lib/dashboard/api-reply";
import type { CrawlPageAnswer, CrawlStatusAnswer } from "@/lib/dashboard/site-body";

const POLL_MS = 1000;

export interface CrawlView extends Omit<CrawlStatusAnswer, "data" | "next"> {
  /** Every finished page so far, in the order the API gave them. */
  pages: CrawlPageAnswer[];
}

export class CrawlFollowError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Follows a crawl or batch while it runs: each poll continues from the last `next` cursor (the
 * API's loop: pages arrive once, in finishing order) and keeps going while a page of answers is
 * full; React Query owns the interval and stops it once the crawl is no longer processing.
 */
export function useCrawl(projectId: string, kind: "crawl" | "batch", token: string | null) {
  const seen = useRef<{ token: string; pages: CrawlPageAnswer[]; cursor: string | null } | null>(null);
  return useQuery<CrawlView>({
    queryKey: ["site-job", projectId, kind, token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => {
      let state = seen.current?.token === token ? seen.current : { token: token!, pages: [], cursor: null };
      for (;;) {
        const params = new URLSearchParams({ projectId, kind, token: token! });
        if (state.cursor) params.set("cursor", state.cursor);
        const reply = await readReply(
          await fetch(`/api/dashboard/sites?${params}`, { signal, cache: "no-store" }),
        );
        if (reply.status !== 200) {
          const { code, message } = replyError(reply);
          throw new CrawlFollowError(code, message);
        }
        const answer = JSON.parse(reply.text) as CrawlStatusAnswer;
        state = {
          token: token!,
          pages: [...state.pages, ...answer.data],
          cursor: answer.next ?? state.cursor,
        };
        seen.current = state;
        if (!answer.next || answer.data.length === 0) {
          const { data: _data, next: _next, ...rest } = answer;
          return { ...rest, pages: state.pages };
        }
      }
    },
    refetchInterval: (query) =>
      query.state.error || (query.state.data && query.state.data.status !== "processing") ? false : POLL_MS,
    retry: false,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
