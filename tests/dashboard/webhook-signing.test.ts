import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { activeSecrets, responseExcerpt, signatureHeader } from "@/lib/webhooks/signing";

const OLD = "whsec_" + Buffer.from("old-secret-old-secret-old-secret").toString("base64");
const NEW = "whsec_" + Buffer.from("new-secret-new-secret-new-secret").toString("base64");
const OTHER = "whsec_" + Buffer.from("someone-else-someone-else-xxxxxx").toString("base64");

function verifies(secret: string, header: string, body: string, at: Date): boolean {
  try {
    new Webhook(secret).verify(body, {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": header,
    });
    return true;
  } catch {
    return false;
  }
}

describe("webhook signing with a rotation grace window", () => {
  const now = new Date();
  const body = JSON.stringify({ type: "webhook.test" });

  it("signs with both secrets while the previous one is in its grace window", () => {
    const secrets = activeSecrets(
      {
        webhookSecret: NEW,
        previousWebhookSecret: OLD,
        previousWebhookSecretUntil: new Date(now.getTime() + 60_000),
      },
      now,
    );
    expect(secrets).toEqual([NEW, OLD]);
    const header = signatureHeader(secrets, "msg_1", now, body);
    expect(header.split(" ")).toHaveLength(2);
    expect(verifies(NEW, header, body, now)).toBe(true);
    expect(verifies(OLD, header, body, now)).toBe(true);
    expect(verifies(OTHER, header, body, now)).toBe(false);
  });

  it("signs with the current secret only once the window has passed, or when there is none", () => {
    expect(
      activeSecrets(
        {
          webhookSecret: NEW,
          previousWebhookSecret: OLD,
          previousWebhookSecretUntil: new Date(now.getTime() - 1),
        },
        now,
      ),
    ).toEqual([NEW]);
    expect(
      activeSecrets(
        { webhookSecret: NEW, previousWebhookSecret: null, previousWebhookSecretUntil: null },
        now,
      ),
    ).toEqual([NEW]);
    const header = signatureHeader([NEW], "msg_1", now, body);
    expect(verifies(OLD, header, body, now)).toBe(false);
  });

  it("keeps the first 500 characters of a receiver's answer, none for an empty one", () => {
    expect(responseExcerpt("  \n")).toBeNull();
    expect(responseExcerpt(" ok ")).toBe("ok");
    expect(responseExcerpt("x".repeat(2000))).toHaveLength(500);
  });
});
