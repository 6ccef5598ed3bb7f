import type { PageSnapshot } from "@/lib/page/types";
import type { OperationName } from "@/lib/schemas/operations";

/**
 * An operation: a function of one page visit. What it costs, how its result is sent and what it
 * needs from the visit are its record's (lib/schemas/operations.ts) and the price list's.
 */
export interface Operation<R, O = void> {
  name: OperationName;
  run(snap: PageSnapshot, opts: O): Promise<R>;
}
