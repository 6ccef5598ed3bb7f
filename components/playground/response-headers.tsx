import type { ApiReply } from "@/lib/dashboard/api-reply";
import { Badge } from "@/components/ui/badge";

export function ResponseHeaders({ reply, label }: { reply: ApiReply; label: string }) {
  const ok = reply.status >= 200 && reply.status < 300;
  return (
    <div>
      <p className="mb-2 flex items-center gap-2 font-mono text-xs font-medium text-slate-600">
        {label}
        <Badge tone={ok ? "green" : reply.status === 202 ? "blue" : "red"}>
          <span data-testid="response-status">{reply.status}</span>
        </Badge>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs">
        {Object.entries(reply.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-slate-500">{name}</dt>
            <dd
              className="truncate font-mono text-slate-900"
              data-testid={`header-${name.toLowerCase()}`}
              title={value}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
