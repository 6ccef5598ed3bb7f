"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  changeRoleAction,
  leaveOrganizationAction,
  removeMemberAction,
} from "@/lib/dashboard/actions/members";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { goTo } from "@/components/auth/go-to";

type Role = "owner" | "admin" | "member";

/** One member row's role and removal, for owners and admins (the server decides what is allowed). */
export function MemberControls(props: {
  organizationId: string;
  membershipId: string;
  email: string;
  role: Role;
  /** Only owners may offer "owner"; the server refuses anyone else who asks anyway. */
  canMakeOwner: boolean;
  isSelf: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const target = { organizationId: props.organizationId, membershipId: props.membershipId };
  const run = async (work: () => Promise<{ ok: true } | { ok: false; error: string }>) => {
    setBusy(true);
    setError(null);
    const r = await work();
    setBusy(false);
    setConfirm(false);
    if (!r.ok) setError(r.error);
    else router.refresh();
  };
  const roles: Role[] =
    props.canMakeOwner || props.role === "owner" ? ["owner", "admin", "member"] : ["admin", "member"];
  const selectId = `role-${props.membershipId}`;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {props.email}
      </label>
      <Select
        id={selectId}
        className="w-32"
        value={props.role}
        disabled={busy}
        onChange={(e) => run(() => changeRoleAction({ ...target, role: e.target.value as Role }))}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
      {!props.isSelf &&
        (confirm ? (
          <>
            <Button
              variant="danger"
              size="sm"
              disabled={busy}
              onClick={() => run(() => removeMemberAction(target))}
            >
              Yes, remove {props.email}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirm(true)}>
            Remove<span className="sr-only"> {props.email}</span>
          </Button>
        ))}
      {error && (
        <p role="alert" className="w-full text-right text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Settings → Organizations: leave one (refused for the last owner, with the reason). */
export function LeaveOrganizationButton({ organizationId, name }: { organizationId: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="flex flex-wrap items-center justify-end gap-2">
      {confirm ? (
        <>
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              const r = await leaveOrganizationAction(organizationId);
              if (r.ok) return goTo("/dashboard");
              setBusy(false);
              setConfirm(false);
              setError(r.error);
            }}
          >
            Yes, leave {name}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirm(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirm(true)}>
          Leave<span className="sr-only"> {name}</span>
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-right text-xs text-red-700">
          {error}
        </p>
      )}
    </span>
  );
}
