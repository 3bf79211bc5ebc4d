import { createHash } from "node:crypto";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { recordRelayRejection } from "@/lib/mail/circuit-breaker";
import { mailRefHeaderName, verifyMailRef } from "@/lib/mail/mail-ref";
import { normalizeAddress, suppressAddress } from "@/lib/mail/suppression";
import { classifyBounce, type BounceKind } from "./classify-bounce";
import { parseDsn } from "./parse-dsn";

// Bounces into email_bounces and, where they prove it, into email_suppressions (spec 6.3):
// - only a signed bounce counts: a provider event (its Svix signature proves it) or a DSN that
//   returns our reference header validly signed for that recipient;
// - a signed 5.1.x suppresses at once (the address is wrong);
// - other signed hard and soft bounces suppress when MAIL_BOUNCE_THRESHOLD of them (default 3;
//   the spec leaves the value open) arrived for the address within BOUNCE_WINDOW_DAYS;
// - policy bounces (x.7.x) and relay rejections never count; relay rejections feed the circuit
//   breaker instead;
// - an unsigned bounce is logged as BOUNCE_UNSIGNED_KIND (default policy) for review and never
//   suppresses; a `policy_review` note on the address (it blocks nothing) points an operator at it.

/** The window of the bounce threshold. */
export const BOUNCE_WINDOW_DAYS = 30;
const MAX_TEXT = 1000;

export interface RecordBounceInput {
  email: string;
  status?: string | null;
  diagnostic?: string | null;
  action?: string | null;
  source: "provider_event" | "dsn";
  signed: boolean;
  /** The provider's event id or the DSN's Message-ID with the recipient: a repeat changes nothing. */
  externalId: string | null;
  /** A signed source says the address is undeliverable for good (the provider's own suppression list). */
  knownUndeliverable?: boolean;
}

export interface RecordBounceResult {
  /** False for a repeated delivery: nothing was written. */
  recorded: boolean;
  kind: BounceKind;
  signed: boolean;
  /** True when this bounce left the address suppressed. */
  suppressed: boolean;
}

export async function recordBounce(input: RecordBounceInput): Promise<RecordBounceResult> {
  const email = normalizeAddress(input.email);
  const diagnostic = input.diagnostic?.slice(0, MAX_TEXT) ?? null;
  const c = classifyBounce({ status: input.status, diagnostic, action: input.action });
  const { bounceThreshold, bounceUnsignedKind } = getConfig().mail;
  const kind = input.signed ? c.kind : bounceUnsignedKind;
  const reason = `${input.signed ? "" : "unsigned "}${input.source === "dsn" ? "DSN" : "provider"} bounce ${c.statusCode ?? kind}: ${diagnostic ?? "no diagnostic"}`.slice(0, MAX_TEXT);

  const outcome = await db.$transaction(async (tx) => {
    // Two bounces for one address at once would each miss the other in the count below, and
    // neither would reach the threshold: bounces of one address take turns.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email_bounce:${email}`}, 0))`;
    const { count } = await tx.emailBounce.createMany({
      data: [{ email, kind, source: input.source, statusCode: c.statusCode, diagnostic, signed: input.signed, isRelay: c.isRelay, externalId: input.externalId, needsReview: !input.signed }],
      skipDuplicates: true,
    });
    if (count === 0) return { recorded: false, suppressed: false };
    if (!email) return { recorded: true, suppressed: false };
    if (!input.signed) {
      await suppressAddress({ email, state: "policy_review", reason }, tx);
      return { recorded: true, suppressed: false };
    }
    let suppress = c.suppressesAtOnce || (input.knownUndeliverable === true && !c.isRelay);
    if (!suppress && c.countsTowardThreshold) {
      const counted = await tx.emailBounce.count({
        where: { email, signed: true, isRelay: false, kind: { in: ["hard", "soft"] }, createdAt: { gte: new Date(Date.now() - BOUNCE_WINDOW_DAYS * 86_400_000) } },
      });
      suppress = counted >= bounceThreshold;
    }
    if (suppress) await suppressAddress({ email, state: "hard_bounce", reason }, tx);
    return { recorded: true, suppressed: suppress };
  });

  // After the commit: the breaker counts committed rows, and its alert is an outside call.
  if (outcome.recorded && c.isRelay && input.signed) await recordRelayRejection({ detail: reason, source: "bounce" });
  return { ...outcome, kind, signed: input.signed };
}

export interface DsnIngestResult {
  messageId: string | null;
  recipients: (RecordBounceResult & { email: string })[];
}

/**
 * A bounce that arrived as mail. Each failed recipient is signed when the returned reference
 * header verifies for that recipient's address, so a header copied from a mail to someone else
 * proves nothing. A report of a delay, a relay hand-off or a delivery is no bounce.
 */
export async function ingestDsn(raw: string | Buffer): Promise<DsnIngestResult> {
  const dsn = await parseDsn(raw);
  const refs = dsn.returnedHeaders.get(mailRefHeaderName().toLowerCase()) ?? [];
  // Without a Message-ID, the same report piped twice is still the same bytes.
  const reportKey = dsn.messageId ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  const recipients: DsnIngestResult["recipients"] = [];
  for (const r of dsn.recipients) {
    if (r.action !== null && r.action !== "failed") continue;
    // We signed the address we sent to; after forwarding that is Original-Recipient.
    const candidates = [...new Set([r.originalRecipient, r.finalRecipient].filter((a): a is string => !!a))];
    const signedFor = candidates.find((address) => refs.some((header) => verifyMailRef(header, address) !== null));
    const email = signedFor ?? candidates[0];
    if (!email) continue;
    const signed = signedFor !== undefined;
    // Unsigned rows keep their own key: a forged report that guessed a real one's Message-ID
    // must not be able to take its place and have the real one dropped as a repeat.
    const externalId = `dsn:${reportKey}:${email}${signed ? "" : ":unsigned"}`;
    recipients.push({ email, ...(await recordBounce({ email, status: r.status, diagnostic: r.diagnostic, action: r.action, source: "dsn", signed, externalId })) });
  }
  return { messageId: dsn.messageId, recipients };
}
