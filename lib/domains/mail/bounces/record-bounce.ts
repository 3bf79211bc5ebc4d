import { createHash } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { mailRefHeaderName, verifyMailRef } from "@/lib/domains/mail/mail-ref";
import { normalizeAddress, suppressAddress } from "@/lib/domains/mail/suppression";
import { classifyBounce, type BounceKind } from "./classify-bounce";
import { parseDsn } from "./parse-dsn";
import { namesRecentSend } from "./sent-ref";

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
  const reason =
    `${input.signed ? "" : "unsigned "}${input.source === "dsn" ? "DSN" : "provider"} bounce ${c.statusCode ?? kind}: ${diagnostic ?? "no diagnostic"}`.slice(
      0,
      MAX_TEXT,
    );

  const outcome = await db.$transaction(async (tx) => {
    // Two bounces for one address at once would each miss the other in the count below, and
    // neither would reach the threshold: bounces of one address take turns.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`email_bounce:${email}`}, 0))`;
    const { count } = await tx.emailBounce.createMany({
      // A remote server's "relay denied" is about that recipient's domain, not our route: it is
      // kept as policy and never feeds the circuit breaker, or anyone running a mail server
      // could halt our mail by answering five of our mails with it. Only our provider refusing
      // us (the send itself, or Resend's email.failed) counts there (circuit-breaker.ts).
      data: [
        {
          email,
          kind,
          source: input.source,
          statusCode: c.statusCode,
          diagnostic,
          signed: input.signed,
          isRelay: false,
          externalId: input.externalId,
          needsReview: !input.signed,
        },
      ],
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
        where: {
          email,
          signed: true,
          isRelay: false,
          kind: { in: ["hard", "soft"] },
          createdAt: { gte: new Date(Date.now() - BOUNCE_WINDOW_DAYS * 86_400_000) },
        },
      });
      suppress = counted >= bounceThreshold;
    }
    if (suppress) await suppressAddress({ email, state: "hard_bounce", reason }, tx);
    return { recorded: true, suppressed: suppress };
  });

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
  const dsn = await parseDsn(raw).catch(() => null);
  // Not a report we can read (or one built to exhaust the parser): nothing to record.
  if (!dsn) return { messageId: null, recipients: [] };
  // A bounce names one or a few recipients and quotes one original; more is a report built to
  // make us verify signatures and write rows by the thousand.
  const refs = [...new Set(dsn.returnedHeaders.get(mailRefHeaderName().toLowerCase()) ?? [])].slice(0, MAX_REFS_PER_REPORT);
  // Without a Message-ID, the same report piped twice is still the same bytes.
  const reportKey = dsn.messageId ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  const recipients: DsnIngestResult["recipients"] = [];
  for (const r of dsn.recipients.filter((x) => x.action === null || x.action === "failed").slice(0, MAX_RECIPIENTS_PER_REPORT)) {
    // We signed the address we sent to; after forwarding that is Original-Recipient.
    const candidates = [...new Set([r.originalRecipient, r.finalRecipient].filter((a): a is string => !!a).map(normalizeAddress))];
    const signedBy = await signedReference(refs, candidates);
    const email = signedBy?.email ?? candidates[0];
    if (!email) continue;
    const signed = signedBy !== null;
    // A signed bounce counts once per mail it answers, however many reports quote that mail;
    // unsigned rows keep their own key, so a forged report that guessed a real one's Message-ID
    // cannot have the real one dropped as a repeat.
    const externalId = signed ? `dsn-ref:${signedBy.ref}:${email}` : `dsn:${reportKey}:${email}:unsigned`;
    recipients.push({
      email,
      ...(await recordBounce({ email, status: r.status, diagnostic: r.diagnostic, action: r.action, source: "dsn", signed, externalId })),
    });
  }
  return { messageId: dsn.messageId, recipients };
}

const MAX_REFS_PER_REPORT = 5;
const MAX_RECIPIENTS_PER_REPORT = 10;

/** The address and mail a returned reference header proves this bounce answers, or null. */
async function signedReference(refs: string[], candidates: string[]): Promise<{ email: string; ref: string } | null> {
  for (const email of candidates) {
    for (const header of refs) {
      const ref = verifyMailRef(header, email);
      if (ref && (await namesRecentSend(ref, email))) return { email, ref };
    }
  }
  return null;
}
