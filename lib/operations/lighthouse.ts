import { OperationFailure } from "@/lib/failures";
import type { RunSpec } from "@/lib/schemas/run-spec";
import { runLighthouse } from "@/lib/lighthouse/runner";
import type { LighthouseResult } from "@/lib/lighthouse/types";

export type { LighthouseResult } from "@/lib/lighthouse/types";

/**
 * `lighthouse`: an audit of the page on its own navigation (docs/architecture.md §2), never the shared
 * PageSnapshot: Lighthouse must load the page itself, cold, to measure it.
 */
export async function lighthouse(spec: RunSpec, organization: string): Promise<LighthouseResult> {
  // Lighthouse's browser reaches the web only through the standard egress; sending a residential
  // request out from our own address instead would break the spec's "no fallback" promise.
  if (spec.residential) {
    throw new OperationFailure("no_residential_exit", "lighthouse cannot run through a residential exit yet");
  }
  const { device, includeAudits } = spec.lighthouse ?? { device: "mobile", includeAudits: false };
  return runLighthouse(spec.url, { device, includeAudits, organization });
}
