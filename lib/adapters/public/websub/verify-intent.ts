import { randomBytes } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { sendOutbound, type OutboundResult } from "@/lib/core/http/outbound";
import { errorSummary } from "@/lib/core/errors/error-summary";
import type { WebsubMode } from "@/lib/generated/prisma/client";
import { limitReached } from "./subscription-request";
import { OUTBOUND_LIMITS, outboundPolicy } from "./settings";
import { currentTopicContent } from "./topic-content";
import { contentHash } from "./content-hash";
import { parseTopicUrl, websubHubUrl } from "./topics";

// Intent verification (WebSub 5.3): before a subscription starts or ends, the hub asks the
// callback with a GET carrying a random challenge; only a 2xx answer whose body is exactly that
// challenge confirms. A failed verification changes nothing.

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

/** The callback with the hub's parameters added to whatever query it has (kept byte for byte). */
export function withHubQuery(callback: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${callback}${callback.includes("?") ? "&" : "?"}${query}`;
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
 * Records the outcome; only while the request is still pending (a later one may have replaced
 * it). `askedAt`: when the verification was sent, where the granted lease starts (WebSub 5.3).
 */
async function settle(v: Claimed, failure: string | null, askedAt: Date, now: Date): Promise<Outcome> {
  return db.$transaction(async (tx): Promise<Outcome> => {
    const finish = (status: "verified" | "failed", reason: string | null) =>
      tx.websubVerification.updateMany({
        where: { id: v.id, status: "pending" },
        data: { status, reason, finishedAt: now, claimedUntil: null },
      });
    if (failure) {
      await finish("failed", failure.slice(0, 300));
      return { confirmed: false };
    }
    // Two verifications of the same pair or of one host are settled one at a time, so the limits hold.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`websub:topic:${v.topic}`}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`websub:host:${v.callbackHost}`}))`;
    if (v.mode === "unsubscribe") {
      if (!(await finish("verified", null)).count) return { confirmed: false };
      await tx.websubSubscription.deleteMany({ where: { topic: v.topic, callback: v.callback } });
      return { confirmed: true };
    }
    const lease = v.leaseSeconds!;
    const limit = await limitReached(
      tx,
      { mode: "subscribe", topic: v.topic, callback: v.callback, callbackHost: v.callbackHost, leaseSeconds: lease, secret: null },
      now,
    );
    // Another subscription took the last place while this one was being verified.
    if (limit) return (await finish("failed", `denied: ${limit}`)).count ? { confirmed: false, denied: limit } : { confirmed: false };
    if (!(await finish("verified", null)).count) return { confirmed: false };
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

async function verifyOne(v: Claimed, now: () => Date): Promise<boolean> {
  if (v.mode === "subscribe") {
    // A limit reached since the request was accepted: denied without asking for a confirmation.
    const limit = await limitReached(db, { ...v, mode: "subscribe", leaseSeconds: v.leaseSeconds, secret: null }, now());
    if (limit) {
      const { count } = await db.websubVerification.updateMany({
        where: { id: v.id, status: "pending" },
        data: { status: "failed", reason: `denied: ${limit}`, finishedAt: now(), claimedUntil: null },
      });
      if (count) await deny(v, limit);
      return false;
    }
  }
  const challenge = randomBytes(32).toString("hex");
  const params: Record<string, string> = { "hub.mode": v.mode, "hub.topic": v.topic, "hub.challenge": challenge };
  if (v.mode === "subscribe") params["hub.lease_seconds"] = String(v.leaseSeconds);
  let failure: string | null;
  const askedAt = now();
  try {
    const result = await sendOutbound(
      { url: withHubQuery(v.callback, params), method: "GET", headers: { "user-agent": userAgent() }, ...OUTBOUND_LIMITS },
      outboundPolicy(),
    );
    failure = verificationFailure(result, challenge);
  } catch (err) {
    failure = `error: ${errorSummary(err)}`;
  }
  const at = now();
  const outcome = await settle(v, failure, askedAt, at);
  if (!outcome.confirmed) {
    if (outcome.denied) await deny(v, outcome.denied);
    return false;
  }
  if (v.mode === "subscribe") await baseline(v.topic, at);
  return true;
}

/** Verifies the requests waiting, a few at a time; what a crash left claimed is taken again after its claim ran out. */
export async function verifyPendingRequests(
  opts: { now?: () => Date; limit?: number } = {},
): Promise<{ verified: number; failed: number }> {
  const now = opts.now ?? (() => new Date());
  const claimed = await claim(now(), opts.limit ?? 50);
  let verified = 0;
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const v = claimed[next++]!;
      if (await verifyOne(v, now)) verified++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
  return { verified, failed: claimed.length - verified };
}
