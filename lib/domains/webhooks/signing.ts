import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks headers (https://www.standardwebhooks.com): the same webhook-id on every
// attempt of a message, so receivers can drop repeats; one `v1,` signature per valid secret,
// space-separated, so a receiver on either side of a rotation verifies.

export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

export function signedHeaders(messageId: string, sentAt: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body));
  return {
    "content-type": "application/json",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
