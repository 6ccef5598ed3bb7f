import type { RequestAsSent } from "@/lib/dashboard/request-as-sent";
import { ScrollBox } from "@/components/ui/scroll-box";
import { CopyButton } from "@/components/ui/copy-button";

/** The request in the API's words: method, path, headers that matter, and the JSON body. */
export function RequestAsSentView({ request }: { request: RequestAsSent }) {
  const json = JSON.stringify(request.body, null, 2);
  const head = [
    `${request.method} ${request.path}`,
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
  ].join("\n");
  return (
    <div className="space-y-2">
      <ScrollBox
        as="pre"
        label="Request as sent"
        className="rounded bg-slate-50 p-2 font-mono text-xs"
        data-testid="request-as-sent"
      >
        {`${head}\n\n${json}`}
      </ScrollBox>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <CopyButton value={json} label="Copy body" />
        <span>Defaults the API applied (max_age, screenshot options) are shown with their values.</span>
      </div>
    </div>
  );
}
