import type { NextRequest } from "next/server";
import { dashboardError } from "@/lib/errors";
import { answerWithResult } from "@/lib/api/result-answer";
import { readResult } from "@/lib/requests/read";
import { withProjectSession } from "@/lib/dashboard/with-project-session";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * The Playground's poll for async jobs: GET ?projectId=…&token=…, answered like GET /result/{token}
 * (202 processing, 200 result, 422 failed, 404, 410) so the page reads both the same way. Every
 * answer is an inert download: this URL is a link a key holder can send an admin.
 */
export function GET(req: NextRequest): Promise<Response> {
  return answer(req).then(asInertDownload);
}

const answer = withProjectSession(
  (req) => {
    const projectId = req.nextUrl.searchParams.get("projectId") ?? "";
    const token = req.nextUrl.searchParams.get("token") ?? "";
    if (!projectId || !token) throw dashboardError.invalidQuery("Pass projectId and token.");
    return { projectId, token };
  },
  // Answered exactly as GET /result/{token} is, plus what the request cost.
  async ({ projectId, token }) =>
    answerWithResult(await readResult(projectId, token), {
      whileProcessing: "accepted",
      completeHeaders: (view) => ({ "X-Quota-Cost": String(view.cost) }),
    }),
);
