import { Alert } from "@/components/ui/alert";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/** Shown on every dashboard page until the signed-in user confirms their address (docs/spec.md §5.4). */
export function EmailBanner({ email }: { email: string }) {
  return (
    <Alert
      tone="warning"
      testId="email-unconfirmed-banner"
      className="mb-6"
      title="Confirm your email address"
      actions={<ResendConfirmationButton />}
    >
      We sent a confirmation link to <strong>{email}</strong>. On the Free plan your API keys answer{" "}
      <code className="rounded bg-amber-100 px-1">403 email_unverified</code> until an admin of the
      organization confirms. The dashboard and the Playground work meanwhile.
    </Alert>
  );
}
