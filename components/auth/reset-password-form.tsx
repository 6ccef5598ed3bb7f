"use client";

import { resetPasswordAction } from "@/lib/dashboard/actions/password-reset";
import { NewPasswordForm } from "./new-password-form";

export function ResetPasswordForm({ token }: { token: string }) {
  return (
    <NewPasswordForm
      cta="Set the new password and sign in"
      submit={({ password }) => resetPasswordAction({ token, password })}
    />
  );
}
