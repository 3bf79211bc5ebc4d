import type { Prisma } from "@/lib/generated/prisma/client";

/** How far back a mail the sender gave up on still counts as waiting for staff (admin start page, system status). */
export const FAILED_MAIL_DAYS = 7;

export function failedMailWhere(now = new Date()): Prisma.MailOutboxWhereInput {
  return { status: "failed", createdAt: { gt: new Date(now.getTime() - FAILED_MAIL_DAYS * 86_400_000) } };
}
