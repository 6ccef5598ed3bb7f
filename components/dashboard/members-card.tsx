import type { MemberRow } from "@/lib/auth/members";
import type { DashboardMembership } from "@/lib/dashboard/session";
import { formatDate, formatDateTime } from "@/lib/dashboard/format";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { InviteMemberForm, ResendInvitationButton, RevokeInvitationButton } from "./invite-member-form";
import { MemberControls } from "./member-controls";

interface Pending {
  id: string;
  email: string;
  role: string;
  expiresAt: Date;
}

/** Settings → Members of the current organization: everyone sees who belongs; admins manage. */
export function MembersCard({
  current,
  members,
  pending,
  userId,
}: {
  current: DashboardMembership;
  members: MemberRow[];
  pending: Pending[] | null;
  userId: string;
}) {
  const org = current.organization;
  const canManage = current.role !== "member";
  return (
    <Card
      title={`Members of ${org.name}`}
      id="members"
      description={
        canManage
          ? "Members use projects and the Playground; admins also manage keys, webhooks, projects and members; owners also make owners."
          : "Only owners and admins can invite, remove or change the role of members."
      }
    >
      <ul className="divide-y divide-slate-100 text-sm" data-testid="member-list">
        {members.map((m) => (
          <li
            key={m.id}
            data-testid="member-row"
            data-email={m.user.email}
            data-role={m.role}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            {/* A long address breaks anywhere rather than widening the page on a phone. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium text-slate-900">{m.user.name || m.user.email}</span>
              {m.user.name && <span className="ml-2 text-slate-500">{m.user.email}</span>}
              {m.user.id === userId && <span className="ml-2 text-xs text-slate-500">(you)</span>}
              <span className="ml-2 text-xs text-slate-500">since {formatDate(m.createdAt)}</span>
            </span>
            {canManage ? (
              <MemberControls
                organizationId={org.id}
                membershipId={m.id}
                email={m.user.email}
                role={m.role}
                canMakeOwner={current.role === "owner"}
                isSelf={m.user.id === userId}
              />
            ) : (
              <Badge tone="blue">{m.role}</Badge>
            )}
          </li>
        ))}
      </ul>
      {canManage && (
        <div className="mt-6 border-t border-slate-100 pt-4">
          <h3 className="mb-3 text-sm font-medium text-slate-900">Invite someone</h3>
          <InviteMemberForm organizationId={org.id} />
        </div>
      )}
      {pending && pending.length > 0 && (
        <div className="mt-6">
          <h3 className="mb-2 text-sm font-medium text-slate-900">Pending invitations</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="pending-invitations">
            {pending.map((inv) => (
              <li key={inv.email} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {inv.email} <Badge tone="blue">{inv.role}</Badge>{" "}
                  <span className="text-xs text-slate-500">until {formatDateTime(inv.expiresAt)}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <ResendInvitationButton organizationId={org.id} invitationId={inv.id} email={inv.email} />
                  <RevokeInvitationButton organizationId={org.id} invitationId={inv.id} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
