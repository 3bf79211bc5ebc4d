import { db } from "@/lib/core/db/client";
import { withoutUnstorableChars } from "@/lib/core/input/text";
import { isLoopbackPeer } from "@/lib/core/security/client-ip";
import { getMailTransport } from "../transport";

/**
 * The local mailbox exists only while mail stays on this machine (no RESEND_API_KEY: the
 * embedded default and development; production requires the key, so there it answers 404),
 * and only for a browser on this machine: a development server reachable from the network
 * must not show its login links to the network.
 */
export function isLocalMailboxOpenTo(headers: Headers): boolean {
  return getMailTransport().name === "local" && isLoopbackPeer(headers);
}

const PAGE_SIZE = 50;

export async function listLocalMailbox(opts: { to?: string | null; page?: number }) {
  // A filter is typed in by hand: characters PostgreSQL cannot hold are dropped, not sent to it.
  const to =
    withoutUnstorableChars(opts.to ?? "")
      .trim()
      .toLowerCase()
      .slice(0, 320) || undefined;
  const page = Math.max(1, Math.min(opts.page ?? 1, 1000));
  const where = to ? { to: { contains: to } } : {};
  const [messages, total, waiting] = await Promise.all([
    db.localMailboxMessage.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: { id: true, to: true, subject: true, createdAt: true, headers: true },
    }),
    db.localMailboxMessage.count({ where }),
    db.mailOutbox.count({ where: { status: { in: ["queued", "sending"] } } }),
  ]);
  return { messages, total, waiting, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function readLocalMailboxMessage(id: number) {
  return db.localMailboxMessage.findUnique({ where: { id } });
}
