import { randomBytes, randomUUID } from "node:crypto";
import type { EmailBouncedEvent, EmailComplainedEvent, EmailFailedEvent, EmailSuppressedEvent } from "resend";
import { Webhook } from "svix";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { blocksMail, findSuppression } from "@/lib/domains/mail/suppression";
import { unique } from "./factories";

// Bounces as they reach us: Resend events signed with the real Svix scheme, and DSNs piped to
// the inbound route. The payloads follow the resend package's own event types.

export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString("base64")}`;
export const INBOUND_SECRET = `inbound-${randomBytes(12).toString("hex")}`;

/** Turns both bounce routes on for this test file. */
export function enableBounceRoutes(): void {
  process.env.RESEND_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.INBOUND_MAIL_SECRET = INBOUND_SECRET;
  resetConfigForTests();
}

export const bounceAddress = (label = "rcpt") => `${unique(label)}@example.org`;

const base = (to: string) => ({
  created_at: new Date().toISOString(),
  email_id: randomUUID(),
  message_id: `<${randomUUID()}@pressdesk.example>`,
  from: "Pressdesk <noreply@pressdesk.example>",
  to: [to],
  subject: "Ihre Pressemitteilung wurde veröffentlicht",
});

export const bouncedEvent = (to: string, bounce: EmailBouncedEvent["data"]["bounce"]): EmailBouncedEvent => ({
  type: "email.bounced",
  created_at: new Date().toISOString(),
  data: { ...base(to), bounce },
});
export const complainedEvent = (to: string): EmailComplainedEvent => ({
  type: "email.complained",
  created_at: new Date().toISOString(),
  data: base(to),
});
export const failedEvent = (to: string, reason: string): EmailFailedEvent => ({
  type: "email.failed",
  created_at: new Date().toISOString(),
  data: { ...base(to), failed: { reason } },
});
export const suppressedEvent = (to: string, message: string): EmailSuppressedEvent => ({
  type: "email.suppressed",
  created_at: new Date().toISOString(),
  data: { ...base(to), suppressed: { type: "OnAccountSuppressionList", message } },
});

/** A webhook delivery as Resend (Svix) sends it; `secret` other than ours forges the signature. */
export function resendRequest(payload: unknown, opts: { id?: string; at?: Date; secret?: string } = {}): Request {
  const body = JSON.stringify(payload);
  const id = opts.id ?? `msg_${randomBytes(12).toString("hex")}`;
  const at = opts.at ?? new Date();
  return new Request("http://hub.localhost/api/webhooks/resend", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": new Webhook(opts.secret ?? WEBHOOK_SECRET).sign(id, at, body),
    },
    body,
  });
}

/** A raw DSN piped to the inbound route by our MTA. */
export function inboundRequest(raw: string, token: string | null = INBOUND_SECRET): Request {
  return new Request("http://hub.localhost/api/mail/inbound", {
    method: "POST",
    headers: { "content-type": "message/rfc822", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: raw,
  });
}

export function storedBounces(email: string) {
  return db.emailBounce.findMany({
    where: { email: email.toLowerCase() },
    orderBy: { id: "asc" },
    select: { kind: true, source: true, statusCode: true, signed: true, needsReview: true, isRelay: true, externalId: true },
  });
}

/** Whether a transactional mail (a sign-in link) to the address would be stopped. */
export async function blocksTransactional(email: string): Promise<boolean> {
  return blocksMail(await findSuppression(email), "login_link");
}

/**
 * The reference header of a mail we really sent to `email` (a sent outbox row): only such a
 * header makes a bounce signed (lib/domains/mail/bounces/sent-ref.ts).
 */
export async function sentRef(email: string, sentAt = new Date()): Promise<string> {
  const { signMailRef } = await import("@/lib/domains/mail/mail-ref");
  const row = await db.mailOutbox.create({
    data: {
      to: email.toLowerCase(),
      from: "Pressdesk <noreply@pressdesk.localhost>",
      subject: "s",
      html: "<p>h</p>",
      text: "t",
      headers: {},
      mailType: "published",
      status: "sent",
      sentAt,
    },
    select: { id: true },
  });
  return signMailRef(`o${row.id}`, email.toLowerCase());
}
