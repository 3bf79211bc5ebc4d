import { db } from "@/lib/core/db/client";
import type { ContactMessageStatus } from "@/lib/generated/prisma/client";
import { isRecordId } from "@/lib/core/input/ids";

export const CONTACT_STATUSES = ["open", "answered", "closed"] as const satisfies readonly ContactMessageStatus[];
export const CONTACT_PAGE_SIZE = 50;

export const CONTACT_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  open: "Offen",
  answered: "Beantwortet",
  closed: "Geschlossen",
};

export function parseContactStatus(raw: unknown): ContactMessageStatus {
  return typeof raw === "string" && (CONTACT_STATUSES as readonly string[]).includes(raw) ? (raw as ContactMessageStatus) : "open";
}

/**
 * One page of the contact queue (/admin/contact) and the count per status for its tabs. Open
 * messages oldest first (who waited longest comes first), handled ones newest first.
 */
export async function listContactMessages(opts: { status: ContactMessageStatus; page?: number }) {
  const page = Math.max(1, Math.min(opts.page ?? 1, 10_000));
  const [rows, grouped] = await Promise.all([
    db.contactMessage.findMany({
      where: { status: opts.status },
      orderBy: opts.status === "open" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ answeredAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * CONTACT_PAGE_SIZE,
      take: CONTACT_PAGE_SIZE,
      select: {
        id: true,
        name: true,
        email: true,
        subject: true,
        language: true,
        status: true,
        createdAt: true,
        answeredAt: true,
        answeredBy: { select: { name: true } },
      },
    }),
    db.contactMessage.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const counts = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?._count._all ?? 0])) as Record<
    ContactMessageStatus,
    number
  >;
  return { rows, counts, page, pageCount: Math.max(1, Math.ceil(counts[opts.status] / CONTACT_PAGE_SIZE)) };
}

/** One message with who handled it; null for an id that names none. */
export async function loadContactMessage(id: number) {
  if (!isRecordId(id)) return null;
  return db.contactMessage.findUnique({ where: { id }, include: { answeredBy: { select: { id: true, name: true, email: true } } } });
}
