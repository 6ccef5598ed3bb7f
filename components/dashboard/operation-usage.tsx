import type { OperationUsage } from "@/lib/dashboard/request-history";
import { formatCount } from "@/lib/dashboard/format";

/** Credits per operation as horizontal bars, with the request count beside each. */
export function OperationUsageBars({ usage }: { usage: OperationUsage[] }) {
  if (!usage.length) return <p className="text-sm text-slate-500">No requests in this period.</p>;
  const max = Math.max(1, ...usage.map((u) => u.credits));
  return (
    <ul className="space-y-2" data-testid="usage-by-operation">
      {usage.map((u) => (
        <li key={u.operation} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 text-sm">
          <span className="font-medium text-slate-800">{u.operation}</span>
          <span className="h-2.5 rounded-full bg-slate-100">
            <span
              className="block h-2.5 rounded-full bg-indigo-500"
              style={{ width: `${Math.max(2, (u.credits / max) * 100)}%` }}
            />
          </span>
          <span
            className="whitespace-nowrap text-right tabular-nums text-slate-600"
            data-operation={u.operation}
          >
            {formatCount(u.credits, "credit")} · {formatCount(u.requests, "request")}
          </span>
        </li>
      ))}
    </ul>
  );
}
