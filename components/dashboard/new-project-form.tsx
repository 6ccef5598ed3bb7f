"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { createProjectAction } from "@/lib/dashboard/actions/project";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/field";
import { ShownOnceKey } from "./shown-once-key";

export function NewProjectForm({ organizations }: { organizations: { id: string; name: string }[] }) {
  const [orgId, setOrgId] = useState(organizations[0]?.id ?? "");
  const [name, setName] = useState("");
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ projectId: string; apiKey: string } | null>(null);

  if (created) {
    return (
      <div className="space-y-3">
        <ShownOnceKey apiKey={created.apiKey} title="Project created. Its first API key:" />
        <div className="flex gap-2">
          <Link
            href={`/dashboard/projects/${created.projectId}`}
            className="text-sm font-medium text-indigo-700 hover:text-indigo-900"
          >
            Open the project →
          </Link>
          <button
            type="button"
            className="text-sm text-slate-500 hover:text-slate-800"
            onClick={() => (setCreated(null), setName(""))}
          >
            Create another
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start(async () => {
          const r = await createProjectAction(orgId, name);
          if (r.ok) setCreated({ projectId: r.projectId, apiKey: r.apiKey });
          else setError(r.error);
        });
      }}
    >
      {organizations.length > 1 && (
        <div className="w-56">
          <Label htmlFor="org">Organization</Label>
          <Select id="org" value={orgId} onChange={(e) => setOrgId(e.target.value)}>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="w-72">
        <Label htmlFor="projectName">Name</Label>
        <Input
          id="projectName"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Production crawler"
        />
      </div>
      <Button type="submit" disabled={pending || !name.trim()}>
        {pending ? "Creating…" : "Create project"}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
