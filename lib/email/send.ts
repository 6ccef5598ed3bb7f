import { Resend } from "resend";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { outboxNow } from "./clock";
import { emailMode } from "./mode";

/**
 * Outbound email. With RESEND_API_KEY set, mail goes through Resend (sender: EMAIL_FROM). Without
 * it the message is kept in the outbox table and printed to the server log; only the development
 * mode (EMAIL_DEV_OUTBOX=1, see ./mode.ts) lists it on the dashboard to its recipient.
 */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type SendResult = { ok: true; via: "resend" | "outbox"; id: string } | { ok: false; error: string };

const DEFAULT_FROM = "page-to-data <onboarding@resend.dev>";

/** True when mail really leaves the machine; the dashboard shows the dev outbox otherwise. */
export function emailDeliveryConfigured(): boolean {
  return emailMode() === "resend";
}

let client: Resend | null = null;
function resend(): Resend {
  client ??= new Resend(config().RESEND_API_KEY!);
  return client;
}

export async function sendEmail(email: Email): Promise<SendResult> {
  if (emailDeliveryConfigured()) {
    try {
      const { data, error } = await resend().emails.send({
        from: config().EMAIL_FROM || DEFAULT_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html && { html: email.html }),
      });
      if (error || !data) return { ok: false, error: error?.message ?? "Resend returned no id." };
      return { ok: true, via: "resend", id: data.id };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }
  // Stamped by the outbox's clock (./clock.ts), the one the dev outbox's pass is stamped with
  // (lib/auth/dev-outbox-pass.ts): the pass then shows exactly the mail sent after it was asked for.
  const row = await db().outboxEmail.create({
    data: { to: email.to, subject: email.subject, text: email.text, createdAt: new Date(outboxNow()) },
  });
  console.log(
    `[email] RESEND_API_KEY is not set; ${emailMode() === "dev-outbox" ? "kept in the dev outbox (development mode)" : "not sent (operator's log only)"}.\n  to: ${email.to}\n  subject: ${email.subject}\n${indent(email.text)}`,
  );
  return { ok: true, via: "outbox", id: row.id };
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  | ${line}`)
    .join("\n");
}
