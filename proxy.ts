import { NextResponse, type NextRequest } from "next/server";
import { ENDPOINTS, SITE_ENDPOINTS } from "@/lib/schemas/operations";
import { newNonce, pageCsp } from "@/lib/security/headers";

const API_FIRST_SEGMENTS = new Set<string>([...ENDPOINTS, ...SITE_ENDPOINTS, "result"]);

/**
 * A fresh script nonce and the page policy for every page request (dashboard, Playground, Docs,
 * sign-in). Next.js reads the nonce from the request's Content-Security-Policy header and stamps
 * it on its own scripts; the browser gets the same policy on the answer. API paths get their
 * static policy from next.config.ts instead (they carry no scripts to allow).
 */
export function proxy(request: NextRequest): NextResponse {
  if (isCrossOriginServerAction(request)) {
    // Next.js refuses these too, but with a 500: a client's forged Origin is a 403, never a 500.
    return NextResponse.json(
      { error: "This form was sent from another site. Reload the page and try again.", code: "forbidden" },
      { status: 403 },
    );
  }
  const first = request.nextUrl.pathname.split("/")[1] ?? "";
  if (API_FIRST_SEGMENTS.has(first)) return NextResponse.next();
  const csp = pageCsp(newNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

/** A server action whose Origin is not this host (Next.js's own rule: X-Forwarded-Host, else Host). */
function isCrossOriginServerAction(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  if (request.method !== "POST" || !request.headers.has("next-action") || !origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
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
