"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { goTo } from "@/components/auth/go-to";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="text-xs font-medium text-slate-500 hover:text-slate-900 disabled:opacity-50"
      onClick={async () => {
        setBusy(true);
        // redirect: false — next-auth would otherwise redirect to NEXTAUTH_URL's host, which may be unset.
        await signOut({ redirect: false });
        goTo("/login");
      }}
    >
      Sign out
    </button>
  );
}
