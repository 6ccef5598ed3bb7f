import Link from "next/link";
import { formatCount, formatDate } from "@/lib/dashboard/format";
import { Badge } from "@/components/ui/badge";

export interface ProjectListItem {
  id: string;
  name: string;
  createdAt: Date;
  robotsPolicy: "follow" | "ignore";
  webhookUrl: string | null;
  organization: { id: string; name: string };
  _count: { requests: number; keys: number };
}

export function ProjectList({
  projects,
  compact = false,
}: {
  projects: ProjectListItem[];
  compact?: boolean;
}) {
  if (!projects.length) return <p className="px-5 py-4 text-sm text-slate-500">No projects yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="project-list">
      {projects.map((p) => (
        <li key={p.id}>
          <Link
            href={`/dashboard/projects/${p.id}`}
            className="flex items-center justify-between gap-4 px-5 py-3 hover:bg-slate-50"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{p.name}</p>
              <p className="truncate text-xs text-slate-500">
                {compact
                  ? `Created ${formatDate(p.createdAt)}`
                  : `${p.organization.name} · created ${formatDate(p.createdAt)}`}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {!compact && (
                <Badge tone={p.robotsPolicy === "follow" ? "blue" : "gray"}>
                  robots.txt: {p.robotsPolicy}
                </Badge>
              )}
              <Badge tone="gray">
                {p._count.keys} live key{p._count.keys === 1 ? "" : "s"}
              </Badge>
              <Badge tone="gray">{formatCount(p._count.requests, "request")}</Badge>
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
