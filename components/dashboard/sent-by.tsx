import { Badge, type Tone } from "@/components/ui/badge";

/** A request's source and sender (issue 26 §6): the key's name for the API and MCP, the user for the Playground. */
export interface SentByRow {
  source: "api" | "playground" | "mcp";
  apiKey: { name: string; prefix: string } | null;
  sentBy: { name: string | null; email: string } | null;
}

const SOURCE: Record<SentByRow["source"], { label: string; tone: Tone }> = {
  api: { label: "API", tone: "indigo" },
  playground: { label: "Playground", tone: "blue" },
  mcp: { label: "MCP", tone: "gray" },
};

export function SourceBadge({ source }: { source: SentByRow["source"] }) {
  return (
    <Badge tone={SOURCE[source].tone} className="whitespace-nowrap">
      <span data-testid="request-source">{SOURCE[source].label}</span>
    </Badge>
  );
}

/** Who: a key (its name, prefix on hover) or a Playground user; a deleted key or user shows as such. */
export function Sender({ row }: { row: SentByRow }) {
  if (row.source === "playground") {
    return (
      <span className="text-slate-700" data-testid="request-sender">
        {row.sentBy ? (row.sentBy.name ?? row.sentBy.email) : "a former member"}
      </span>
    );
  }
  return row.apiKey ? (
    <span className="text-slate-700" title={`${row.apiKey.prefix}…`} data-testid="request-sender">
      {row.apiKey.name}
    </span>
  ) : (
    <span className="text-slate-500" data-testid="request-sender">
      a deleted key
    </span>
  );
}
