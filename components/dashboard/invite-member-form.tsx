"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  inviteMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "@/lib/dashboard/actions/invitations";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/field";

export function InviteMemberForm({ organizationId }: { organizationId: string }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"member" | "admin">("member");
  const [note, setNote] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      data-testid="invite-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setNote(null);
        const r = await inviteMemberAction({ organizationId, email, role });
        setBusy(false);
        if (!r.ok) return setNote({ tone: "error", text: r.error });
        setNote({
          tone: "ok",
          text: `Invitation sent to ${r.sentTo}${r.via === "outbox" ? " (kept in the outbox: email is not configured)" : ""}.`,
        });
        setEmail("");
        router.refresh();
      }}
    >
      <div className="min-w-56 flex-1">
        <Label htmlFor={`invite-email-${organizationId}`}>Email</Label>
        <Input
          id={`invite-email-${organizationId}`}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`invite-role-${organizationId}`}>Role</Label>
        <Select
          id={`invite-role-${organizationId}`}
          value={role}
          onChange={(e) => setRole(e.target.value === "admin" ? "admin" : "member")}
        >
          <option value="member">member</option>
          <option value="admin">admin</option>
        </Select>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Inviting…" : "Invite"}
      </Button>
      {note && (
        <p
          role={note.tone === "error" ? "alert" : "status"}
          className={`w-full text-sm ${note.tone === "error" ? "text-red-700" : "text-slate-700"}`}
        >
          {note.text}
        </p>
      )}
    </form>
  );
}

export function RevokeInvitationButton({
  organizationId,
  invitationId,
}: {
  organizationId: string;
  invitationId: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await revokeInvitationAction({ organizationId, invitationId });
        router.refresh();
      }}
    >
      Withdraw<span className="sr-only"> the invitation</span>
    </Button>
  );
}

/** A new link to the same address and role; the previous link stops working. */
export function ResendInvitationButton({
  organizationId,
  invitationId,
  email,
}: {
  organizationId: string;
  invitationId: string;
  email: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const r = await resendInvitationAction({ organizationId, invitationId });
          setBusy(false);
          setNote(r.ok ? `Sent again to ${r.sentTo}.` : r.error);
          if (r.ok) router.refresh();
        }}
      >
        Resend<span className="sr-only"> to {email}</span>
      </Button>
      {note && (
        <span role="status" className="text-xs text-slate-600">
          {note}
        </span>
      )}
    </>
  );
}
