import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";

/** next-auth v4 endpoints (sign-in, session, CSRF, sign-out) for the dashboard. */
async function handler(
  req: NextRequest,
  ctx: { params: Promise<{ nextauth: string[] }> },
): Promise<Response> {
  return NextAuth(req, ctx, authOptions());
}

export { handler as GET, handler as POST };
