import type { Metadata } from "next";
import { apiReference } from "@/lib/dashboard/api-reference";
import { appBaseUrl } from "@/lib/dashboard/base-url";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { EndpointSection } from "@/components/docs/endpoint-section";
import { InlineCode } from "@/components/docs/inline-code";

export const metadata: Metadata = { title: "API reference · page-to-data" };

/** The API reference, rendered from the OpenAPI document (public: no sign-in needed). */
export default async function DocsPage() {
  const base = await appBaseUrl();
  const ref = apiReference(base);
  return (
    <>
      <PageHeader
        eyebrow={`Version ${ref.version}`}
        title="API reference"
        description={<InlineCode text={ref.description} />}
        actions={
          <div className="flex gap-4">
            <a href="/llms.txt" className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
              llms.txt →
            </a>
            <a href="/api/openapi.json" className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
              OpenAPI 3.1 JSON →
            </a>
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_13rem]">
        <div className="space-y-6">
          <Card title="Authentication">
            <div className="space-y-2 text-sm text-slate-600">
              <p>
                Every request carries{" "}
                <code className="rounded bg-slate-100 px-1 font-mono text-xs">
                  Authorization: Bearer &lt;API_KEY&gt;
                </code>{" "}
                with a project key from the dashboard. A missing or unknown key answers{" "}
                <strong>401 invalid_api_key</strong>; on the Free plan a key answers{" "}
                <strong>403 email_unverified</strong> until an admin confirms their email address.
              </p>
              <p>
                Requests are asynchronous by default: the response holds a token, the result is POSTed to{" "}
                <code className="font-mono text-xs">report_to</code> (or the project&apos;s default webhook)
                and can be collected with{" "}
                <code className="font-mono text-xs">GET /result/&#123;token&#125;</code>. Send{" "}
                <code className="font-mono text-xs">&quot;sync&quot;: true</code> to get the result in the
                response.
              </p>
              <p>
                Every successful response carries <code className="font-mono text-xs">X-Result-Token</code>,{" "}
                <code className="font-mono text-xs">X-Cache</code>,{" "}
                <code className="font-mono text-xs">X-Quota-Cost</code>,{" "}
                <code className="font-mono text-xs">X-Quota-Remaining</code> and{" "}
                <code className="font-mono text-xs">X-Concurrency-Limit</code>.
              </p>
            </div>
          </Card>
          {ref.endpoints.map((e) => (
            <EndpointSection key={`${e.method} ${e.path}`} endpoint={e} />
          ))}
        </div>
        <nav aria-label="Endpoints" className="hidden lg:block">
          <div className="sticky top-8">
            <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">Endpoints</p>
            <ul className="space-y-1 text-sm">
              {ref.endpoints.map((e) => (
                <li key={e.id}>
                  <a
                    href={`#${e.id}`}
                    className="flex items-center gap-2 rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <span className="w-9 font-mono text-[10px] font-semibold text-slate-500">{e.method}</span>
                    <span className="truncate font-mono text-xs">{e.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </>
  );
}
