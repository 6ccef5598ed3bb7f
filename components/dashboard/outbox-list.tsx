import type { OutboxItem } from "@/lib/email/outbox";
import { formatDateTime } from "@/lib/dashboard/format";
import { Card } from "@/components/ui/card";

/**
 * The dev outbox (development mode, EMAIL_DEV_OUTBOX=1, no RESEND_API_KEY): the emails this user
 * would have received, with their links, so a local install can confirm an address without a mail
 * server. Labelled as a development mode: it proves nothing about who owns an address.
 */
export function OutboxList({ items }: { items: OutboxItem[] }) {
  return (
    <Card
      id="dev-outbox"
      title="Dev outbox: development mode"
      description="EMAIL_DEV_OUTBOX is on and RESEND_API_KEY is not set, so emails are kept here (and printed to the server log) instead of being sent. Confirming an address here proves nothing; never run this mode on a public address."
    >
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No emails for you yet.</p>
      ) : (
        <OutboxMails items={items} />
      )}
    </Card>
  );
}

/** The mails themselves, each with its links (also the signed-out view, app/dev-outbox). */
export function OutboxMails({ items }: { items: OutboxItem[] }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="outbox">
      {items.map((mail) => (
        <li key={mail.id} className="py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm font-medium text-slate-900">{mail.subject}</p>
            <p className="text-xs text-slate-500">{formatDateTime(mail.createdAt)}</p>
          </div>
          <p className="text-xs text-slate-500">To {mail.to}</p>
          {mail.links.length > 0 && (
            <ul className="mt-1 space-y-0.5">
              {mail.links.map((link) => (
                <li key={link} className="truncate">
                  <a
                    href={link}
                    className="text-sm font-medium text-indigo-700 hover:text-indigo-900"
                    data-testid="outbox-link"
                  >
                    {linkLabel(link)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function linkLabel(link: string): string {
  if (link.includes("/confirm?")) return "Open confirmation link";
  if (link.includes("/reset-password?")) return "Open password reset link";
  if (link.includes("/invite?")) return "Open invitation";
  return link;
}
