import type { Prisma } from "@/lib/generated/prisma/client";

/** How far back a mail the sender gave up on still counts as waiting for staff (admin start page, system status). */
export const FAILED_MAIL_DAYS = 7;

export function failedMailWhere(now = new Date()): Prisma.MailOutboxWhereInput {
  return { status: "failed", createdAt: { gt: new Date(now.getTime() - FAILED_MAIL_DAYS * 86_400_000) } };
}

/**
 * A recipient as the system status shows it: first letter and domain. Who asked the service for
 * something (a legal requester, a journalist with a preview) is not every operator's business;
 * the domain is what tells a dead mailbox from a relay problem.
 */
export function maskedRecipient(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "…";
  return `${address[0]}…${address.slice(at)}`;
}
