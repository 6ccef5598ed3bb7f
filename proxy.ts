import { NextResponse, type NextRequest } from "next/server";
import { ENDPOINTS } from "@/lib/schemas/operations";
import { newNonce, pageCsp } from "@/lib/security/headers";

const API_FIRST_SEGMENTS = new Set<string>([...ENDPOINTS, "result"]);

/**
 * A fresh script nonce and the page policy for every page request (dashboard, Playground, Docs,
 * sign-in). Next.js reads the nonce from the request's Content-Security-Policy header and stamps
 * it on its own scripts; the browser gets the same policy on the answer. API paths get their
 * static policy from next.config.ts instead (they carry no scripts to allow).
 */
export function proxy(request: NextRequest): NextResponse {
  const first = request.nextUrl.pathname.split("/")[1] ?? "";
  if (API_FIRST_SEGMENTS.has(first)) return NextResponse.next();
  const csp = pageCsp(newNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Not API routes (static policy in next.config.ts) nor build assets; not router prefetches
      // (RSC data, never a document).
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
