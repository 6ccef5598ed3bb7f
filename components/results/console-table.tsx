"use client";

import { useState } from "react";
import type { ConsoleEntry } from "@/lib/schemas/responses";
import { Badge, type Tone } from "@/components/ui/badge";
import { ScrollBox } from "@/components/ui/scroll-box";
import { ViewToggle } from "@/components/ui/view-toggle";
import { formatCount } from "@/lib/dashboard/format";

const TYPES = ["error", "exception", "warning"] as const;
type Filter = "all" | ConsoleEntry["type"];
const TONE: Record<ConsoleEntry["type"], Tone> = { error: "red", exception: "amber", warning: "blue" };

/** A console result as a table: the count of each type, which doubles as a filter, then the lines. */
export function ConsoleTable({ entries }: { entries: ConsoleEntry[] }) {
  const [filter, setFilter] = useState<Filter>("all");
  if (!entries.length)
    return <p className="text-sm text-slate-500">The page logged no errors or warnings.</p>;
  const count = (t: ConsoleEntry["type"]) => entries.filter((e) => e.type === t).length;
  const shown = filter === "all" ? entries : entries.filter((e) => e.type === filter);
  return (
    <div className="space-y-3" data-testid="console-table">
      <ViewToggle
        value={filter}
        options={[
          { value: "all", label: `All ${entries.length}` },
          ...TYPES.map((t) => ({ value: t, label: `${label(t)} ${count(t)}` })),
        ]}
        onChange={setFilter}
      />
      <ScrollBox label="Console entries" className="rounded-md border border-slate-200">
        <table className="min-w-full text-sm">
          <caption className="sr-only">
            {formatCount(shown.length, "console entry", "console entries")}
            {filter === "all" ? "" : ` of type ${filter}`}
          </caption>
          <thead className="bg-slate-50 text-left text-xs text-slate-600">
            <tr>
              <th scope="col" className="w-28 px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Text
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((e, i) => (
              <tr key={i} data-testid="console-row" data-type={e.type}>
                <td className="px-3 py-2 align-top">
                  <Badge tone={TONE[e.type]}>{e.type}</Badge>
                </td>
                <td className="whitespace-pre-wrap break-words px-3 py-2 font-mono text-xs text-slate-800">
                  {e.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}

function label(t: ConsoleEntry["type"]): string {
  return { error: "Errors", exception: "Exceptions", warning: "Warnings" }[t];
}
