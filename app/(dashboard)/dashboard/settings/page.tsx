import type { Metadata } from "next";
import { requireUser } from "@/lib/dashboard/session";
import { emailDeliveryConfigured } from "@/lib/email/send";
import { formatDateTime } from "@/lib/dashboard/format";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ResendConfirmationButton } from "@/components/dashboard/resend-confirmation-button";
import { SignOutButton } from "@/components/shell/sign-out-button";

export const metadata: Metadata = { title: "Settings · page-to-data" };

export default async function SettingsPage() {
  const user = await requireUser("/dashboard/settings");
  const delivery = emailDeliveryConfigured();
  return (
    <>
      <PageHeader title="Settings" description="Your account and the organizations you belong to." />
      <div className="space-y-6">
        <Card title="Account" id="account">
          <dl className="grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt>
            <dd className="text-slate-900">{user.name || <span className="text-slate-400">not set</span>}</dd>
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
                      : "Email is not configured: the link appears in the dev outbox on the Overview page and in the server log."}
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

        <Card title="Organizations" bodyClassName="p-0">
          <ul className="divide-y divide-slate-100">
            {user.memberships.map((m) => (
              <li key={m.organization.id} className="flex items-center justify-between px-5 py-3 text-sm">
                <span className="font-medium text-slate-900">{m.organization.name}</span>
                <span className="flex gap-2">
                  <Badge tone={m.organization.plan === "free" ? "gray" : "indigo"}>
                    {m.organization.plan}
                  </Badge>
                  <Badge tone="blue">{m.role}</Badge>
                </span>
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Email delivery">
          <p className="text-sm text-slate-600">
            {delivery ? (
              <>Emails are sent through Resend.</>
            ) : (
              <>
                <Badge tone="amber">dev outbox</Badge> <code className="text-xs">RESEND_API_KEY</code> is not
                set: emails are stored and listed on the Overview page, and their links are printed to the
                server log.
              </>
            )}
          </p>
        </Card>
      </div>
    </>
  );
}
