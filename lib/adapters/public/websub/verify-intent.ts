import { randomBytes } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { sendOutbound, type OutboundResult } from "@/lib/core/http/outbound";
import { errorSummary } from "@/lib/core/errors/error-summary";
import type { WebsubMode } from "@/lib/generated/prisma/client";
import { callbackDomainOf } from "./callback-domain";
import { CHALLENGE_BYTES, verificationUrl, withHubQuery } from "./hub-query";
import { hasSomethingToEnd, limitReached } from "./subscription-request";
import { OUTBOUND_LIMITS, outboundPolicy } from "./settings";
import { OutOfTime, withDb } from "./slots";
import { currentTopicContent } from "./topic-content";
import { contentHash } from "./content-hash";
import { parseTopicUrl, websubHubUrl } from "./topics";

// Intent verification (WebSub 5.3): before a subscription starts or ends, the hub asks the
// callback with a GET carrying a random challenge; only a 2xx answer whose body is exactly that
// challenge confirms. A failed verification changes nothing. Requests for the same topic and
// callback wait side by side; only a confirmed one changes the subscription, and a request
// confirmed after a later one of the same pair was is out of date (superseded).

/** A crashed worker's claim on a verification runs out after this (one request takes 15 s at most). */
const CLAIM_MS = 60_000;
/** Verifications asked at once by one run. */
const CONCURRENCY = 8;

export const HUB_USER_AGENT = "Pressdesk-WebSub/1.0";

interface Claimed {
  id: number;
  mode: WebsubMode;
  topic: string;
  callback: string;
  callbackHost: string;
  secretSealed: string | null;
  leaseSeconds: number | null;
}

/** Why the answer confirms nothing; null when it confirms. */
export function verificationFailure(result: OutboundResult, challenge: string): string | null {
  if (result.kind !== "response") return `${result.kind}: ${result.reason}`;
  if (result.status < 200 || result.status > 299) return `HTTP ${result.status}`;
  if (result.truncated || !result.body.equals(Buffer.from(challenge, "utf8"))) return "the answer is not the challenge";
  return null;
}

async function claim(now: Date, limit: number): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    UPDATE websub_verifications SET claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE id IN (
      SELECT id FROM websub_verifications
      WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, mode, topic, callback, callback_host AS "callbackHost", secret_sealed AS "secretSealed", lease_seconds AS "leaseSeconds"`;
}

type Outcome = { confirmed: true } | { confirmed: false; denied?: string };

/**
 * Records the outcome; only while the request is still pending. `askedAt`: when the verification
 * was sent, where the granted lease starts (WebSub 5.3). A confirmed request changes the
 * subscription unless a later request of the pair was confirmed first; it makes the earlier
 * requests still waiting out of date (no need to ask the callback about them any more).
 */
async function settle(v: Claimed, failure: string | null, askedAt: Date, now: Date): Promise<Outcome> {
  return db.$transaction(async (tx): Promise<Outcome> => {
    const finish = (status: "verified" | "failed" | "superseded", reason: string | null) =>
      tx.websubVerification.updateMany({
        where: { id: v.id, status: "pending" },
        data: { status, reason, finishedAt: now, claimedUntil: null },
      });
    if (failure) {
      await finish("failed", failure.slice(0, 300));
      return { confirmed: false };
    }
    // Two verifications of the same topic (so of the same pair) or of one callback domain are
    // settled one at a time, so the limits hold and the later request wins.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`websub:topic:${v.topic}`}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`websub:domain:${callbackDomainOf(v.callbackHost).key}`}))`;
    const later = await tx.websubVerification.count({
      where: { topic: v.topic, callback: v.callback, status: "verified", id: { gt: v.id } },
    });
    if (later) {
      await finish("superseded", "a later request for this topic and callback was confirmed first");
      return { confirmed: false };
    }
    const supersedeEarlier = () =>
      tx.websubVerification.updateMany({
        where: { topic: v.topic, callback: v.callback, status: "pending", id: { lt: v.id } },
        data: {
          status: "superseded",
          reason: "a later request for this topic and callback was confirmed",
          finishedAt: now,
          claimedUntil: null,
        },
      });
    if (v.mode === "unsubscribe") {
      if (!(await finish("verified", null)).count) return { confirmed: false };
      await supersedeEarlier();
      await tx.websubSubscription.deleteMany({ where: { topic: v.topic, callback: v.callback } });
      return { confirmed: true };
    }
    const lease = v.leaseSeconds!;
    const limit = await limitReached(tx, v, now);
    // Another subscription took the last place while this one was being verified.
    if (limit) return (await finish("failed", `denied: ${limit}`)).count ? { confirmed: false, denied: limit } : { confirmed: false };
    if (!(await finish("verified", null)).count) return { confirmed: false };
    await supersedeEarlier();
    const data = {
      callbackHost: v.callbackHost,
      secretSealed: v.secretSealed,
      leaseSeconds: lease,
      verifiedAt: askedAt,
      expiresAt: new Date(askedAt.getTime() + lease * 1000),
    };
    await tx.websubSubscription.upsert({
      where: { topic_callback: { topic: v.topic, callback: v.callback } },
      create: { topic: v.topic, callback: v.callback, ...data },
      update: data,
    });
    return { confirmed: true };
  });
}

const userAgent = () => `${HUB_USER_AGENT} (+${websubHubUrl()})`;

/** WebSub 5.2: a subscription the hub will not take is answered at the callback with hub.mode=denied (best effort). */
async function deny(v: Claimed, reason: string): Promise<void> {
  const url = withHubQuery(v.callback, { "hub.mode": "denied", "hub.topic": v.topic, "hub.reason": reason });
  await sendOutbound({ url, method: "GET", headers: { "user-agent": userAgent() }, ...OUTBOUND_LIMITS }, outboundPolicy()).catch(
    () => null,
  );
}

/**
 * The topic's content as of now becomes its baseline when it has none, so the first change
 * after a subscription is what reaches the subscriber, not an unchanged feed. An existing
 * baseline stays: a change waiting for its distribution must still go out to the others.
 */
async function baseline(topic: string, now: Date): Promise<void> {
  const feed = parseTopicUrl(topic);
  if (!feed || (await db.websubTopicState.count({ where: { topic } }))) return;
  const content = await currentTopicContent(feed, now);
  if (content.kind !== "ok") return;
  await db.websubTopicState.createMany({
    data: [{ topic, contentHash: contentHash(content.document), changedAt: now }],
    skipDuplicates: true,
  });
}

/** Ends a request without asking its callback. */
async function finishUnasked(v: Claimed, reason: string, at: Date): Promise<boolean> {
  const { count } = await db.websubVerification.updateMany({
    where: { id: v.id, status: "pending" },
    data: { status: "failed", reason, finishedAt: at, claimedUntil: null },
  });
  return count > 0;
}

/**
 * `until`: no database slot is waited for past it before the question is asked; the answer's
 * bookkeeping may wait until `settleUntil` (the request went out: what it confirmed must count).
 */
async function verifyOne(v: Claimed, now: () => Date, until: number, settleUntil: number): Promise<boolean> {
  if (v.mode === "subscribe") {
    // A limit reached since the request was accepted: denied without asking for a confirmation.
    const limit = await withDb(until, () => limitReached(db, v, now()));
    if (limit) {
      if (await withDb(until, () => finishUnasked(v, `denied: ${limit}`, now()))) await deny(v, limit);
      return false;
    }
  } else if (!(await withDb(until, () => hasSomethingToEnd(db, v)))) {
    // Nothing (left) to end: the callback is not asked at all.
    await withDb(until, () => finishUnasked(v, "nothing to unsubscribe", now()));
    return false;
  }
  const challenge = randomBytes(CHALLENGE_BYTES).toString("hex");
  let failure: string | null;
  const askedAt = now();
  try {
    const result = await sendOutbound(
      { url: verificationUrl(v, challenge), method: "GET", headers: { "user-agent": userAgent() }, ...OUTBOUND_LIMITS },
      outboundPolicy(),
    );
    failure = verificationFailure(result, challenge);
  } catch (err) {
    failure = `error: ${errorSummary(err)}`;
  }
  const at = now();
  const outcome = await withDb(settleUntil, () => settle(v, failure, askedAt, at));
  if (!outcome.confirmed) {
    if (outcome.denied) await deny(v, outcome.denied);
    return false;
  }
  if (v.mode === "subscribe") await withDb(settleUntil, () => baseline(v.topic, at));
  return true;
}

/**
 * Verifies the requests waiting, a few at a time, until `deadline` (epoch ms); what a crash left
 * claimed is taken again after its claim ran out, what the deadline left unasked is let go at once.
 */
export async function verifyPendingRequests(
  opts: { now?: () => Date; limit?: number; deadline?: number } = {},
): Promise<{ verified: number; failed: number }> {
  const now = opts.now ?? (() => new Date());
  const deadline = opts.deadline ?? Date.now() + CLAIM_MS / 2;
  // An answer takes OUTBOUND_LIMITS.timeoutMs at most; its bookkeeping must still find a slot.
  const settleUntil = deadline + OUTBOUND_LIMITS.timeoutMs + 5_000;
  const claimed = await withDb(deadline, () => claim(now(), opts.limit ?? 50)).catch((err: unknown) => {
    if (err instanceof OutOfTime) return [];
    throw err;
  });
  let verified = 0;
  let failed = 0;
  let next = 0;
  const unasked: number[] = [];
  const worker = async () => {
    while (next < claimed.length && Date.now() < deadline) {
      const v = claimed[next++]!;
      try {
        if (await verifyOne(v, now, deadline, settleUntil)) verified++;
        else failed++;
      } catch (err) {
        // Out of time: let go for the next run. A failing database: the claim runs out and the request is verified again.
        if (err instanceof OutOfTime) unasked.push(v.id);
        else console.error(`websub: verification ${v.id}:`, errorSummary(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
  unasked.push(...claimed.slice(next).map((v) => v.id));
  if (unasked.length)
    await withDb(settleUntil, () =>
      db.websubVerification.updateMany({ where: { id: { in: unasked }, status: "pending" }, data: { claimedUntil: null } }),
    ).catch(() => null);
  return { verified, failed };
}
