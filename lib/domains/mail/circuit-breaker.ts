import { getConfig } from "@/lib/core/config";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { raiseAlert } from "@/lib/domains/mail/operational-alerts";
import { normalizeAddress } from "./suppression";

// The mail circuit breaker of spec 6.3. Relay rejections (a server refusing to relay for us,
// our own provider refusing us: revoked key, unverified domain) mean every further mail fails
// the same way and hurts our reputation. When MAIL_CIRCUIT_THRESHOLD of them arrive within
// MAIL_CIRCUIT_WINDOW_MINUTES, sending halts for MAIL_CIRCUIT_OPEN_MINUTES and an operator is
// alerted; after that, sending resumes by itself. State is the singleton row mail_circuit id=1,
// shared by every instance; the rejections are email_bounces rows with is_relay.

/** The alert key of an open circuit: the operations watch raises the same key, so one cool-down covers both. */
export const CIRCUIT_ALERT_KEY = "mail_circuit_open";

export interface RelayRejection {
  /** What was refused and why, as the provider or server said it. */
  detail: string;
  /**
   * Who saw it. "bounce": recordBounce already wrote the is_relay row (a signed DSN or provider
   * event). Anything else (the delivery job passes "sender"): the refusal came back on the send
   * itself, and a row is written here (kind policy, source provider_event, signed).
   */
  source: "bounce" | "sender" | (string & {});
  /** The recipient of the refused mail, when there was one. */
  email?: string;
  /** Drops a repeated report (a provider event id). */
  externalId?: string;
}

/** Open while open_until lies ahead; afterwards closed again without anyone acting. */
export async function isSendingHalted(client: DbOrTx = db): Promise<{ halted: boolean; until: Date | null }> {
  const rows = await client.$queryRaw<{ open_until: Date }[]>`SELECT open_until FROM mail_circuit WHERE id = 1 AND open_until > now()`;
  const until = rows[0]?.open_until ?? null;
  return { halted: until !== null, until };
}

/**
 * Opens the circuit when enough signed relay rejections arrived in the window since it last
 * closed (so an operator's close is not undone at once by the rejections that opened it).
 * Concurrent callers race on one conditional UPDATE of the singleton row: only the one that
 * finds it closed opens it, and only that one raises the alert. Unsigned rejections (a DSN
 * without a valid reference header) never count: a stranger mailing us forged bounces must
 * not be able to halt our mail.
 */
async function openIfTripped(detail: string): Promise<Date | null> {
  const { threshold, windowMinutes, openMinutes } = getConfig().mail.circuit;
  await db.$executeRaw`INSERT INTO mail_circuit (id, updated_at) VALUES (1, now()) ON CONFLICT (id) DO NOTHING`;
  const reason = `${threshold} or more relay rejections within ${windowMinutes} minutes; last: ${detail}`.slice(0, 1000);
  const opened = await db.$queryRaw<{ open_until: Date }[]>`
    UPDATE mail_circuit c
    SET opened_at = now(), open_until = now() + make_interval(mins => ${openMinutes}::int), reason = ${reason}, updated_at = now()
    WHERE c.id = 1
      AND (c.open_until IS NULL OR c.open_until <= now())
      AND (SELECT count(*) FROM email_bounces b
           WHERE b.is_relay AND b.signed
             AND b.created_at > greatest(now() - make_interval(mins => ${windowMinutes}::int), coalesce(c.open_until, '-infinity'::timestamptz))) >= ${threshold}::int
    RETURNING c.open_until`;
  return opened[0]?.open_until ?? null;
}

export async function recordRelayRejection(rejection: RelayRejection): Promise<void> {
  if (rejection.source !== "bounce") {
    await db.emailBounce.createMany({
      data: [
        {
          email: normalizeAddress(rejection.email ?? ""),
          kind: "policy",
          source: "provider_event",
          diagnostic: rejection.detail.slice(0, 1000),
          signed: true,
          isRelay: true,
          externalId: rejection.externalId ?? null,
        },
      ],
      skipDuplicates: true,
    });
  }
  const until = await openIfTripped(rejection.detail);
  if (!until) return;
  await raiseAlert({
    key: CIRCUIT_ALERT_KEY,
    subject: "Mail sending halted",
    detail: `Sending is halted until ${until.toISOString()} after repeated relay rejections (${rejection.source}): ${rejection.detail}. It resumes by itself; "npm run cli -- mail:circuit --close" resumes it now.`,
  });
}

/** For an operator: resumes sending now. Returns whether the circuit was open. */
export async function closeCircuit(): Promise<boolean> {
  // open_until = now() records when it closed: rejections before that no longer count.
  const closed = await db.$executeRaw`UPDATE mail_circuit SET open_until = now(), updated_at = now() WHERE id = 1 AND open_until > now()`;
  return closed === 1;
}

/** Everything an operator needs to see about the circuit. */
export async function circuitState(): Promise<{ halted: boolean; openedAt: Date | null; openUntil: Date | null; reason: string | null }> {
  const [row, { halted }] = await Promise.all([
    db.mailCircuit.findUnique({ where: { id: 1 }, select: { openedAt: true, openUntil: true, reason: true } }),
    isSendingHalted(),
  ]);
  return { halted, openedAt: row?.openedAt ?? null, openUntil: row?.openUntil ?? null, reason: row?.reason ?? null };
}
