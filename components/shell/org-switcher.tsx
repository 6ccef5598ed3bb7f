"use client";

import { useState } from "react";
import type { DashboardMembership } from "@/lib/dashboard/session";
import { switchOrganizationAction } from "@/lib/dashboard/actions/members";
import { Select } from "@/components/ui/field";
import { goTo } from "@/components/auth/go-to";

/**
 * The shell's organization switcher (issue 26). The choice is remembered for the browser session
 * by the server (a cookie checked against membership on every request); a full load to the
 * overview follows, since the page shown may belong to the organization just left.
 */
export function OrgSwitcher({
  memberships,
  currentId,
  idSuffix,
}: {
  memberships: DashboardMembership[];
  currentId: string;
  idSuffix: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `org-switcher-${idSuffix}`;
  return (
    <div className="min-w-0" data-testid="org-switcher">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
        Organization
      </label>
      <Select
        id={id}
        value={currentId}
        disabled={busy || memberships.length < 2}
        onChange={async (e) => {
          setBusy(true);
          setError(null);
          const r = await switchOrganizationAction(e.target.value);
          if (r.ok) return goTo("/dashboard");
          setBusy(false);
          setError(r.error);
        }}
      >
        {memberships.map((m) => (
          <option key={m.organization.id} value={m.organization.id}>
            {m.organization.name}
          </option>
        ))}
      </Select>
      <p className="mt-1 text-xs text-slate-500" data-testid="current-role">
        Your role: {memberships.find((m) => m.organization.id === currentId)?.role}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
