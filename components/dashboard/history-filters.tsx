import Link from "next/link";
import { ENDPOINTS } from "@/lib/schemas/operations";
import { OUTCOMES, SOURCES, type HistoryFilters } from "@/lib/dashboard/request-history";
import { Input, Label, Select } from "@/components/ui/field";
import { buttonClass } from "@/components/ui/button";

const SOURCE_LABELS = { api: "API", playground: "Playground", mcp: "MCP" } as const;

/** A plain GET form: filters live in the URL, so a filtered view can be bookmarked and shared. */
export function HistoryFiltersForm({ action, filters }: { action: string; filters: HistoryFilters }) {
  return (
    <form action={action} method="get" className="grid gap-3 sm:grid-cols-7" data-testid="history-filters">
      <div className="sm:col-span-2">
        <Label htmlFor="q" hint="URL, token or label key=value">
          Search
        </Label>
        <Input id="q" name="q" defaultValue={filters.q ?? ""} placeholder="article.test or job=7" />
      </div>
      <div>
        <Label htmlFor="operation">Operation</Label>
        <Select id="operation" name="operation" defaultValue={filters.operation ?? ""}>
          <option value="">any</option>
          {ENDPOINTS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="outcome">Outcome</Label>
        <Select id="outcome" name="outcome" defaultValue={filters.outcome ?? ""}>
          <option value="">any</option>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="source">Source</Label>
        <Select id="source" name="source" defaultValue={filters.source ?? ""}>
          <option value="">any</option>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="from">From</Label>
        <Input id="from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div>
        <Label htmlFor="to">To</Label>
        <Input id="to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="flex gap-2 sm:col-span-7">
        <button type="submit" className={buttonClass("primary", "sm")}>
          Apply filters
        </button>
        <Link href={action} className={buttonClass("ghost", "sm")}>
          Clear
        </Link>
      </div>
    </form>
  );
}
