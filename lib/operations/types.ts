import type { PageSnapshot } from "@/lib/page/types";
import type { OperationName } from "@/lib/schemas/options";

/**
 * An operation: a function of one page visit. `cost` is the credit price of a successful, uncached
 * call (spec 1); `contentType` is how its sync result is sent.
 */
export interface Operation<R, O = void> {
  name: OperationName;
  cost: number;
  contentType: string;
  run(snap: PageSnapshot, opts: O): Promise<R>;
}
