import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/**
 * Shown on every dashboard page until the signed-in user confirms their address (docs/spec.md §5.4).
 * In development mode no mail leaves the machine: the banner says where the link is instead.
 */
export function EmailBanner({ email, devOutbox }: { email: string; devOutbox: boolean }) {
  return (
    <Alert
      tone="warning"
      testId="email-unconfirmed-banner"
      className="mb-6"
      title="Confirm your email address"
      actions={<ResendConfirmationButton />}
    >
      {devOutbox ? (
        <>
          Development mode: the confirmation link for <strong>{email}</strong> is in the{" "}
          <Link
            href="/dashboard#dev-outbox"
            className="font-medium underline hover:text-amber-950"
            data-testid="banner-outbox-link"
          >
            dev outbox
          </Link>{" "}
          on the dashboard, not in a mailbox.
        </>
      ) : (
        <>
          We sent a confirmation link to <strong>{email}</strong>.
        </>
      )}{" "}
      On the Free plan your API keys answer{" "}
      <code className="rounded bg-amber-100 px-1">403 email_unverified</code> until an admin of the
      organization confirms. The dashboard and the Playground work meanwhile.
    </Alert>
  );
}
