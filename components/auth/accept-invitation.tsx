"use client";

import { useState } from "react";
import {
  acceptInvitationAction,
  acceptInvitationWithSignUpAction,
} from "@/lib/dashboard/actions/invitations";
import { Button } from "@/components/ui/button";
import { NewPasswordForm } from "./new-password-form";
import { goTo } from "@/components/auth/go-to";

/** Accept as the signed-in invitee, or create the invited address's account. */
export function AcceptInvitation({ token, mode }: { token: string; mode: "accept" | "sign-up" }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (mode === "sign-up")
    return (
      <NewPasswordForm
        askName
        cta="Create my account and join"
        submit={({ name, password }) => acceptInvitationWithSignUpAction({ token, name, password })}
      />
    );
  return (
    <div className="space-y-3">
      <Button
        className="w-full"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const r = await acceptInvitationAction({ token });
          if (!r.ok) {
            setBusy(false);
            setError(r.error);
            return;
          }
          goTo(`/dashboard?joined=${encodeURIComponent(r.organizationId)}`);
        }}
      >
        {busy ? "Joining…" : "Accept the invitation"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
