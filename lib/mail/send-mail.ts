import { getConfig } from "@/lib/config";
import { db, type DbOrTx } from "@/lib/db/client";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  mailType: string;
  headers?: Record<string, string>;
}

/**
 * Queues one mail in the outbox. A suppressed recipient is recorded as `suppressed` and never
 * sent (spec 6.3: suppression applies to every outgoing mail). Delivery through a provider
 * reads the outbox; on the embedded default the outbox is the delivery target.
 */
export async function sendMail(mail: OutgoingMail, client: DbOrTx = db): Promise<{ id: number; suppressed: boolean }> {
  const to = mail.to.trim().toLowerCase();
  const suppression = await client.emailSuppression.findUnique({ where: { email: to }, select: { state: true, mailTypes: true } });
  const suppressed =
    !!suppression &&
    (suppression.state !== "unsubscribed" || suppression.mailTypes.length === 0 || suppression.mailTypes.includes(mail.mailType));
  const { mail: cfg } = getConfig();
  const row = await client.mailOutbox.create({
    data: {
      to,
      from: cfg.from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? {},
      mailType: mail.mailType,
      status: suppressed ? "suppressed" : "queued",
    },
    select: { id: true },
  });
  return { id: row.id, suppressed };
}
