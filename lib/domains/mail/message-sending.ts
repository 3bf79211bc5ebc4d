import { getConfig } from "@/lib/core/config";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { signMailRef } from "./mail-ref";
import { unsubscribeScopeOf, type MailType } from "./mail-types";
import { blocksMail, findSuppression, normalizeAddress } from "./suppression";
import type { WireMessage } from "./transport/types";
import { oneClickUnsubscribeUrl } from "./unsubscribe-token";

export interface OutgoingEnvelope {
  to: string;
  subject: string;
  html: string;
  text: string;
  mailType: MailType;
  /** Names this message in the signed reference header: outbox `o<id>`, newsletter `n<campaign>-<recipient>`. */
  ref: string;
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  attachments?: WireMessage["attachments"];
}

export type MessageSendingResult = { suppressed: true } | { suppressed: false; message: WireMessage };

/**
 * The MessageSending step every outgoing mail passes right before it goes to the provider
 * (spec 6.3): drops a suppressed recipient, sets the return path, signs the per-recipient
 * reference header, and gives mail a recipient may opt out of its one-click unsubscribe
 * (RFC 8058) with the signed recipient address. Run at send time, not at queue time, so a
 * bounce or unsubscribe that arrives while a mail waits still stops it.
 */
export async function applyMessageSending(envelope: OutgoingEnvelope, client: DbOrTx = db): Promise<MessageSendingResult> {
  const to = normalizeAddress(envelope.to);
  if (blocksMail(await findSuppression(to, client), envelope.mailType)) return { suppressed: true };
  const { mail } = getConfig();
  const headers: Record<string, string> = { ...envelope.headers, [mail.refHeader]: signMailRef(envelope.ref, to) };
  if (mail.returnPath) headers["Return-Path"] = mail.returnPath;
  const scope = unsubscribeScopeOf(envelope.mailType);
  if (scope) {
    headers["List-Unsubscribe"] = `<${oneClickUnsubscribeUrl(to, scope)}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    suppressed: false,
    message: {
      from: envelope.from ?? mail.from,
      to,
      subject: envelope.subject,
      html: envelope.html,
      text: envelope.text,
      headers,
      ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
      ...(envelope.attachments?.length ? { attachments: envelope.attachments } : {}),
    },
  };
}
