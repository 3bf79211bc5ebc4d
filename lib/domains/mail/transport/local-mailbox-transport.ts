import { db } from "@/lib/core/db/client";
import type { MailTransport, WireMessage } from "./types";

/**
 * The embedded default's provider: the wire message lands in `local_mailbox`, shown on the hub's
 * /dev/mailbox page. Like Resend it keys on the idempotency key: a retried send returns the
 * first delivery's id instead of delivering again.
 */
export const localMailboxTransport: MailTransport = {
  name: "local",
  async send(message: WireMessage, idempotencyKey: string) {
    const rows = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO local_mailbox (idempotency_key, "from", "to", subject, html, text, headers, attachments, created_at)
      VALUES (${idempotencyKey}, ${message.from}, ${message.to}, ${message.subject}, ${message.html}, ${message.text},
              ${JSON.stringify(message.headers)}::jsonb, ${JSON.stringify(message.attachments ?? [])}::jsonb, now())
      ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
      RETURNING id`;
    return { providerMessageId: `local-${rows[0]!.id}` };
  },
};
