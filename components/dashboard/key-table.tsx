import type { KeyRow } from "@/lib/dashboard/projects";
import { formatDateTime, formatRelative } from "@/lib/dashboard/format";
import { Badge, type Tone } from "@/components/ui/badge";
import { DISPLAY_PREFIX_LENGTH } from "@/lib/auth/keys";
import { ScrollBox } from "@/components/ui/scroll-box";
import { KeyRowActions } from "./key-actions";

const STATE: Record<KeyRow["state"], { tone: Tone; label: string }> = {
  active: { tone: "green", label: "active" },
  grace: { tone: "amber", label: "grace" },
  revoked: { tone: "gray", label: "revoked" },
  expired: { tone: "gray", label: "expired" },
};

/**
 * Keys by name and prefix only (docs/spec.md §5.5): the full key is never stored, so it cannot be
 * shown here. With `projectId` (owners and admins) each live key has its own actions.
 */
export function KeyTable({
  keys,
  projectId,
  now = new Date(),
}: {
  keys: KeyRow[];
  projectId?: string;
  now?: Date;
}) {
  if (!keys.length) return <p className="text-sm text-slate-500">This project has no keys.</p>;
  return (
    <ScrollBox label="API keys" className="-mx-5">
      <table className="min-w-full text-sm" data-testid="key-table">
        <thead>
          <tr className="border-y border-slate-100 bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
            <th className="px-5 py-2">Key</th>
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2">Created</th>
            <th className="px-3 py-2">Last used</th>
            <th className="px-5 py-2">Accepted until</th>
            {projectId && (
              <th className="px-5 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((k) => (
            <tr
              key={k.id}
              data-testid="key-row"
              data-prefix={k.prefix}
              data-state={k.state}
              data-name={k.name}
            >
              <td className="px-5 py-2.5">
                <span className="block font-medium text-slate-900">{k.name}</span>
                <span className="whitespace-nowrap font-mono text-xs text-slate-600">
                  {k.prefix.slice(0, DISPLAY_PREFIX_LENGTH)}
                  <span className="text-slate-500">••••••••</span>
                </span>
              </td>
              <td className="px-3 py-2.5">
                <Badge tone={STATE[k.state].tone}>{STATE[k.state].label}</Badge>
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 text-xs text-slate-600">
                {formatDateTime(k.createdAt)}
              </td>
              <td
                className="whitespace-nowrap px-3 py-2.5 text-xs text-slate-600"
                title="Updated at most once a minute"
              >
                {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : <span className="text-slate-500">never</span>}
              </td>
              <td className="px-3 py-2.5 text-xs text-slate-600">
                {k.state === "active" ? (
                  <span className="text-slate-500">no end</span>
                ) : k.state === "grace" && k.graceUntil ? (
                  <span title={formatDateTime(k.graceUntil)}>
                    {formatDateTime(k.graceUntil)}{" "}
                    <span className="text-xs text-amber-700">({formatRelative(k.graceUntil, now)})</span>
                  </span>
                ) : (
                  <span className="text-slate-500">not accepted</span>
                )}
              </td>
              {projectId && (
                <td className="whitespace-nowrap px-5 py-2.5">
                  <KeyRowActions projectId={projectId} keyId={k.id} name={k.name} state={k.state} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
