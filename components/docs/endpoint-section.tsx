import type { EndpointDoc } from "@/lib/dashboard/api-reference";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { FieldsTable } from "./fields-table";
import { ScrollBox } from "@/components/ui/scroll-box";
import { InlineCode } from "./inline-code";
import { formatCount } from "@/lib/dashboard/format";

function statusTone(status: string) {
  if (status.startsWith("2")) return "green" as const;
  if (status.startsWith("4")) return "amber" as const;
  return "red" as const;
}

export function EndpointSection({ endpoint }: { endpoint: EndpointDoc }) {
  return (
    <section
      id={endpoint.id}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="endpoint"
    >
      <header className="border-b border-slate-100 px-6 py-5">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={endpoint.method === "GET" ? "blue" : "indigo"} className="font-mono">
            {endpoint.method}
          </Badge>
          <code className="font-mono text-base font-semibold text-slate-900">{endpoint.path}</code>
          <Badge tone="gray">Cost: {endpoint.cost}</Badge>
        </div>
        <p className="mt-2 text-sm font-medium text-slate-800">
          <InlineCode text={endpoint.summary} />
        </p>
        {endpoint.description && (
          <p className="mt-1 text-sm text-slate-600">
            <InlineCode text={endpoint.description} />
          </p>
        )}
      </header>
      <div className="space-y-6 px-6 py-5">
        {endpoint.fields.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Request body</h3>
            <FieldsTable fields={endpoint.fields} caption={`Request fields of ${endpoint.path}`} />
          </div>
        )}
        {endpoint.parameters.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Parameters</h3>
            <FieldsTable fields={endpoint.parameters} caption={`Parameters of ${endpoint.path}`} />
          </div>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Responses</h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {endpoint.responses.map((r) => (
              <li key={r.status} className="flex gap-3 px-4 py-2 text-sm">
                <Badge tone={statusTone(r.status)} className="h-fit font-mono">
                  {r.status}
                </Badge>
                <div className="min-w-0">
                  <p className="text-slate-700">
                    <InlineCode text={r.description} />
                  </p>
                  {r.items.length > 0 && (
                    <details className="mt-1 text-xs text-slate-600">
                      <summary className="cursor-pointer text-slate-500 hover:text-slate-800">
                        {formatCount(r.items.length, "failure message")}
                      </summary>
                      <ul className="mt-1 list-disc space-y-0.5 pl-5">
                        {r.items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </details>
                  )}
                  {r.headers.length > 0 && (
                    <p className="mt-1 text-xs text-slate-500">
                      Headers:{" "}
                      {r.headers.map((h, i) => (
                        <span key={h.name} title={h.description}>
                          {i > 0 && ", "}
                          <code className="font-mono">{h.name}</code>
                        </span>
                      ))}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <div className="mb-2 flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-900">Example</h3>
            <CopyButton value={endpoint.curl} />
          </div>
          <ScrollBox
            as="pre"
            label={`curl example for ${endpoint.path}`}
            className="rounded-lg bg-code-bg p-4 font-mono text-xs leading-relaxed text-code-fg"
          >
            {endpoint.curl}
          </ScrollBox>
        </div>
      </div>
    </section>
  );
}
