import type { Metadata } from "next";
import { requireUser } from "@/lib/dashboard/session";
import { emailMode } from "@/lib/email/mode";
import { pendingInvitations } from "@/lib/auth/invitations";
import { isAdminRole } from "@/lib/dashboard/access";
import { listMembers } from "@/lib/auth/members";
import { formatDateTime } from "@/lib/dashboard/format";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ResendConfirmationButton } from "@/components/dashboard/resend-confirmation-button";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { MembersCard } from "@/components/dashboard/members-card";
import { LeaveOrganizationButton } from "@/components/dashboard/member-controls";

export const metadata: Metadata = { title: "Settings · page-to-data" };

export default async function SettingsPage() {
  const user = await requireUser("/dashboard/settings");
  const mode = emailMode();
  const delivery = mode === "resend";
  const current = user.current;
  const [members, pending] = current
    ? await Promise.all([
        listMembers(current.organization.id),
        isAdminRole(current.role) ? pendingInvitations(current.organization.id) : null,
      ])
    : [[], null];
  return (
    <>
      <PageHeader title="Settings" description="Your account and the organizations you belong to." />
      <div className="space-y-6">
        <Card title="Account" id="account">
          <dl className="grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt>
            <dd className="text-slate-900">{user.name || <span className="text-slate-500">not set</span>}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-900">
              {user.email}
              {user.emailVerified ? (
                <Badge tone="green">confirmed {formatDateTime(user.emailVerified)}</Badge>
              ) : (
                <Badge tone="amber">not confirmed</Badge>
              )}
            </dd>
            {!user.emailVerified && (
              <>
                <dt className="text-slate-500">Confirmation</dt>
                <dd>
                  <ResendConfirmationButton variant="primary" />
                  <p className="mt-1 text-xs text-slate-500">
                    {delivery
                      ? "A new link is emailed to you; it works for 24 hours."
                      : mode === "dev-outbox"
                        ? "Development mode: the link appears in the dev outbox on the Overview page and in the server log."
                        : "Email is not configured on this server: ask its operator to confirm your address."}
                  </p>
                </dd>
              </>
            )}
            <dt className="text-slate-500">Session</dt>
            <dd>
              <SignOutButton />
            </dd>
          </dl>
        </Card>

        <Card
          title="Organizations"
          description="The switcher in the sidebar chooses which one the dashboard shows."
          bodyClassName="p-0"
        >
          <ul className="divide-y divide-slate-100" data-testid="organization-list">
            {user.memberships.map((m) => (
              <li
                key={m.organization.id}
                className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm"
              >
                <span className="font-medium text-slate-900">
                  {m.organization.name}
                  {m.organization.id === current?.organization.id && (
                    <span className="ml-2 text-xs font-normal text-slate-500">(current)</span>
                  )}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone={m.organization.plan === "free" ? "gray" : "indigo"}>
                    {m.organization.plan}
                  </Badge>
                  <Badge tone="blue">{m.role}</Badge>
                  <LeaveOrganizationButton organizationId={m.organization.id} name={m.organization.name} />
                </span>
              </li>
            ))}
          </ul>
        </Card>

        {current && <MembersCard current={current} members={members} pending={pending} userId={user.id} />}

        <Card title="Email delivery">
          <p className="text-sm text-slate-600" data-testid="email-mode">
            {mode === "resend" ? (
              <>Emails are sent through Resend.</>
            ) : mode === "dev-outbox" ? (
              <>
                <Badge tone="amber">development mode</Badge> <code className="text-xs">EMAIL_DEV_OUTBOX</code>{" "}
                is on and <code className="text-xs">RESEND_API_KEY</code> is not set: emails are listed to
                their recipient on the Overview page and printed to the server log. Confirming an address this
                way proves nothing; never run this mode on a public address.
              </>
            ) : (
              <>
                <Badge tone="gray">not configured</Badge> <code className="text-xs">RESEND_API_KEY</code> is
                not set: emails are printed to the server log for the operator only.
              </>
            )}
          </p>
        </Card>
      </div>
    </>
  );
}
