import { Resend } from "resend";
import { db } from "@/lib/db";

/**
 * Outbound email. With RESEND_API_KEY set, mail goes through Resend (sender: EMAIL_FROM). Without
 * it, a fresh install still has to be able to confirm an address, so the message is kept in the
 * dev outbox (the OutboxEmail table, listed in the dashboard to its recipient) and printed to the
 * server log.
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
  return Boolean(process.env.RESEND_API_KEY?.trim());
}

let client: Resend | null = null;
function resend(): Resend {
  client ??= new Resend(process.env.RESEND_API_KEY!.trim());
  return client;
}

export async function sendEmail(email: Email): Promise<SendResult> {
  if (emailDeliveryConfigured()) {
    try {
      const { data, error } = await resend().emails.send({
        from: process.env.EMAIL_FROM?.trim() || DEFAULT_FROM,
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
  const row = await db().outboxEmail.create({
    data: { to: email.to, subject: email.subject, text: email.text },
  });
  console.log(
    `[email] RESEND_API_KEY is not set; kept in the dev outbox.\n  to: ${email.to}\n  subject: ${email.subject}\n${indent(email.text)}`,
  );
  return { ok: true, via: "outbox", id: row.id };
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  | ${line}`)
    .join("\n");
}
