import { getConfig } from "@/lib/core/config";
import { db, type DbOrTx } from "@/lib/core/db/client";
import type { MailType } from "./mail-types";
import { requestDelivery } from "./delivery/request-delivery";
import { normalizeAddress } from "./suppression";
import type { WireMessage } from "./transport/types";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  mailType: MailType;
  headers?: Record<string, string>;
  replyTo?: string;
  attachments?: NonNullable<WireMessage["attachments"]>;
}

/**
 * Queues one mail in the outbox, inside the caller's transaction: it goes out only if the
 * business change commits, and the delivery job (lib/domains/mail/delivery) sends it after the commit.
 * Suppression, the return path and the signed reference header are applied at send time by
 * the MessageSending step, so a bounce that arrives while the mail waits still stops it.
 */
export async function sendMail(mail: OutgoingMail, client: DbOrTx = db): Promise<{ id: number }> {
  const row = await client.mailOutbox.create({
    data: {
      to: normalizeAddress(mail.to),
      from: getConfig().mail.from,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? {},
      attachments: mail.attachments ?? [],
      mailType: mail.mailType,
    },
    select: { id: true },
  });
  // Not awaited: a transaction must not wait on the job runner. The job waits for the commit.
  void requestDelivery(row.id);
  return { id: row.id };
}
