import type { FieldDoc } from "@/lib/dashboard/api-reference";
import { Badge } from "@/components/ui/badge";
import { ScrollBox } from "@/components/ui/scroll-box";
import { InlineCode } from "./inline-code";

export function FieldsTable({ fields, caption }: { fields: FieldDoc[]; caption: string }) {
  return (
    <ScrollBox label={caption} className="rounded-lg border border-slate-200">
      {/* Wide enough for the descriptions to read as sentences; on a phone the box scrolls. */}
      <table className="min-w-[40rem] text-sm sm:min-w-full">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
            <th className="px-4 py-2">Field</th>
            <th className="px-3 py-2">Type</th>
            <th className="px-3 py-2">Bounds</th>
            <th className="px-4 py-2">Description</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {fields.map((f) => (
            <tr key={f.name} className="align-top">
              <td className="whitespace-nowrap px-4 py-2" style={{ paddingLeft: `${1 + f.depth * 1.25}rem` }}>
                <code className="font-mono text-xs font-semibold text-slate-900">
                  {f.depth ? f.name.split(".").pop() : f.name}
                </code>
                {f.required && (
                  <Badge tone="red" className="ml-2">
                    required
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs text-indigo-700">{f.type}</td>
              <td className="px-3 py-2 text-xs text-slate-600">
                {f.bounds || <span className="text-slate-500">—</span>}
              </td>
              <td className="px-4 py-2 text-slate-600">
                <InlineCode text={f.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
