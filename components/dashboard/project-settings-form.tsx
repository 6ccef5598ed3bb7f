"use client";

import { useState, useTransition } from "react";
import { updateProjectSettingsAction } from "@/lib/dashboard/actions/project";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/field";
import { cx } from "@/components/ui/cx";

const POLICIES = [
  {
    value: "follow",
    title: "Follow",
    text: "Refuse pages that the site's robots.txt disallows for our crawler.",
  },
  {
    value: "ignore",
    title: "Ignore",
    text: "Fetch pages regardless of robots.txt (the caller takes responsibility).",
  },
] as const;

export function ProjectSettingsForm({
  projectId,
  robotsPolicy,
  webhookUrl,
  canEdit,
}: {
  projectId: string;
  robotsPolicy: "follow" | "ignore";
  webhookUrl: string | null;
  canEdit: boolean;
}) {
  const [policy, setPolicy] = useState(robotsPolicy);
  const [url, setUrl] = useState(webhookUrl ?? "");
  const [pending, start] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        setResult(null);
        start(async () => {
          const r = await updateProjectSettingsAction(projectId, { robotsPolicy: policy, webhookUrl: url });
          if (r.ok) {
            setUrl(r.webhookUrl ?? "");
            setResult({ ok: true, text: "Settings saved." });
          } else setResult({ ok: false, text: r.error });
        });
      }}
    >
      <fieldset disabled={!canEdit || pending}>
        <legend className="mb-2 text-sm font-medium text-slate-700">robots.txt policy</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {POLICIES.map((p) => (
            <label
              key={p.value}
              className={cx(
                "flex cursor-pointer gap-3 rounded-lg border p-3 text-sm",
                policy === p.value
                  ? "border-indigo-500 bg-indigo-50/50 ring-1 ring-indigo-500"
                  : "border-slate-200 hover:border-slate-300",
              )}
            >
              <input
                type="radio"
                name="robotsPolicy"
                value={p.value}
                checked={policy === p.value}
                onChange={() => setPolicy(p.value)}
                className="mt-0.5 accent-indigo-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{p.title}</span>
                <span className="block text-xs text-slate-500">{p.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Label htmlFor="webhookUrl" hint="Used when a request has no report_to">
          Default webhook URL
        </Label>
        <Input
          id="webhookUrl"
          name="webhookUrl"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/page-to-data"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={!canEdit || pending}
        />
        <p className="mt-1 text-xs text-slate-500">
          A public http or https address (no IPs, internal names or custom ports). Leave empty for none.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={!canEdit || pending}>
          {pending ? "Saving…" : "Save settings"}
        </Button>
        {!canEdit && (
          <span className="text-xs text-slate-500">Only owners and admins can change settings.</span>
        )}
        {result && (
          <span
            role={result.ok ? "status" : "alert"}
            className={result.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}
          >
            {result.text}
          </span>
        )}
      </div>
    </form>
  );
}
