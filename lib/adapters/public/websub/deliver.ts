import { createHmac } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { sendOutbound, type OutboundResult } from "@/lib/core/http/outbound";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import type { FeedResult } from "@/lib/adapters/public/feeds/feeds";
import { FEED_FORMATS } from "@/lib/adapters/public/feeds/formats";
import { openSecret } from "@/lib/core/security/sealed-secret";
import { HOST_LANE, OUTBOUND_LIMITS, outboundPolicy, RETRY_DELAYS_MS } from "./settings";
import { OutOfTime, semaphore, withDb, type Semaphore } from "./slots";
import { SECRET_LABEL, secretContext } from "./subscription-request";
import { currentTopicContent } from "./topic-content";
import { parseTopicUrl, websubHubUrl, websubLinkHeader } from "./topics";
import { HUB_USER_AGENT } from "./verify-intent";

// Content distribution (WebSub 7): the topic's full current content, POSTed to each subscriber
// with the hub and self links and, when the subscriber gave a secret, X-Hub-Signature. Every
// callback host has its own lane: at most HOST_LANE.concurrency requests at once (counted in the
// database, so across processes) and HOST_LANE.perSecond started per second (the shared rate
// limiter), so one host cannot take the distributor and a slow one holds up only itself.
// A sender first takes its place among the run's requests in flight, then claims: nobody holds a
// claim, or a database connection, while waiting. Database work goes through the distributor's
// slots (slots.ts: half the pool at most), and every wait ends at the run's deadline.

/** A sender's hold on a delivery; a crashed sender's runs out (one request takes 15 s at most). */
const CLAIM_MS = 60_000;

export interface DeliveryTotals {
  delivered: number;
  failed: number;
  gone: number;
}

interface Claimed {
  id: number;
  subscriptionId: number;
  attempts: number;
  version: number;
  topic: string;
  callback: string;
  secretSealed: string | null;
  stateHash: string | null;
}

/** What one run shares between its lanes. */
export interface LaneContext {
  now: () => Date;
  /** Epoch ms after which no lane claims more, and no wait before a send goes on. */
  deadline: number;
  /** The bookkeeping of a request already sent may wait for a database slot until then. */
  settleUntil: number;
  totals: DeliveryTotals;
  /** Requests in flight over all lanes of the run. */
  gate: Semaphore;
  /** The topic's content for the distributed version `stateHash`: built once per run and version. */
  content: (topic: string, stateHash: string | null) => Promise<FeedResult | null>;
}

export function newLaneContext(now: () => Date, deadline: number, maxInFlight: number): LaneContext {
  const contents = new Map<string, Promise<FeedResult | null>>();
  return {
    now,
    deadline,
    // A request under way takes OUTBOUND_LIMITS.timeoutMs at most; then what came of it is written.
    settleUntil: deadline + OUTBOUND_LIMITS.timeoutMs + 5_000,
    totals: { delivered: 0, failed: 0, gone: 0 },
    gate: semaphore(() => maxInFlight),
    content(topic, stateHash) {
      const key = `${topic}\n${stateHash ?? ""}`;
      let content = contents.get(key);
      if (!content) {
        const feed = parseTopicUrl(topic);
        content = feed ? withDb(deadline, () => currentTopicContent(feed, now())) : Promise.resolve(null);
        // A build that failed (out of time, the database) is not kept: the next delivery tries again.
        content.catch(() => contents.delete(key));
        contents.set(key, content);
      }
      return content;
    },
  };
}

/** Hosts with a delivery due now that nobody holds, besides `running`: the longest due first, `limit` of them. */
export async function dueHosts(now: Date, limit: number, running: string[] = []): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await db.$queryRaw<{ host: string }[]>`
    SELECT d.callback_host AS host FROM websub_deliveries d JOIN websub_subscriptions s ON s.id = d.subscription_id
    WHERE d.next_attempt_at <= ${now} AND (d.claimed_until IS NULL OR d.claimed_until <= ${now}) AND s.expires_at > ${now}
      AND NOT (d.callback_host = ANY(${running}::text[]))
    GROUP BY d.callback_host
    ORDER BY min(d.next_attempt_at), d.callback_host
    LIMIT ${limit}`;
  return rows.map((r) => r.host);
}

/**
 * Takes the host's next due delivery, unless the host already has HOST_LANE.concurrency held.
 * The host's advisory lock makes count and claim one step for every process.
 */
async function claimFor(host: string, now: Date): Promise<Claimed | null> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`websub:lane:${host}`}))`;
    const rows = await tx.$queryRaw<Claimed[]>`
      UPDATE websub_deliveries d
      SET claimed_until = ${new Date(now.getTime() + CLAIM_MS)}, attempts = d.attempts + 1, last_attempt_at = ${now}
      FROM websub_subscriptions s
      LEFT JOIN websub_topic_states t ON t.topic = s.topic
      WHERE s.id = d.subscription_id
        AND d.id = (
          SELECT d2.id FROM websub_deliveries d2 JOIN websub_subscriptions s2 ON s2.id = d2.subscription_id
          WHERE d2.callback_host = ${host} AND d2.next_attempt_at <= ${now}
            AND (d2.claimed_until IS NULL OR d2.claimed_until <= ${now}) AND s2.expires_at > ${now}
          ORDER BY d2.next_attempt_at, d2.id LIMIT 1 FOR UPDATE OF d2 SKIP LOCKED
        )
        AND (SELECT count(*) FROM websub_deliveries b WHERE b.callback_host = ${host} AND b.claimed_until > ${now}) < ${HOST_LANE.concurrency}
      RETURNING d.id, d.subscription_id AS "subscriptionId", d.attempts, d.version, s.topic, s.callback,
        s.secret_sealed AS "secretSealed", t.content_hash AS "stateHash"`;
    return rows[0] ?? null;
  });
}

/** Waits for the host's share of the per-second budget (shared by every process through the rate limiter), not past `deadline`. */
async function pace(host: string, deadline: number): Promise<boolean> {
  for (;;) {
    const slot = await getLimiter("websubDeliveries").limit(host);
    if (slot.success) return true;
    const wait = Math.max(20, slot.reset - Date.now());
    if (Date.now() + wait >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** `sha256=` and the hex HMAC-SHA256 of the body under the subscriber's secret (WebSub 7.1). */
export function hubSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

async function post(d: Claimed, content: FeedResult & { kind: "ok" }): Promise<OutboundResult> {
  const headers: Record<string, string> = {
    "content-type": `${FEED_FORMATS[content.format].contentType}; charset=utf-8`,
    link: websubLinkHeader(d.topic),
    "user-agent": `${HUB_USER_AGENT} (+${websubHubUrl()})`,
  };
  if (d.secretSealed)
    headers["x-hub-signature"] = hubSignature(
      openSecret(SECRET_LABEL, d.secretSealed, secretContext(d.topic, d.callback)),
      content.document,
    );
  return sendOutbound({ url: d.callback, method: "POST", headers, body: content.document, ...OUTBOUND_LIMITS }, outboundPolicy());
}

const describe = (r: OutboundResult) => (r.kind === "response" ? `HTTP ${r.status}` : `${r.kind}: ${r.reason}`);

/** A claimed delivery not sent after all: let go at once, the attempt not counted. */
async function letGo(d: Claimed, ctx: LaneContext): Promise<void> {
  await withDb(ctx.settleUntil, () =>
    db.websubDelivery.updateMany({ where: { id: d.id }, data: { claimedUntil: null, attempts: { decrement: 1 } } }),
  ).catch(() => null);
}

/** Sends one claimed delivery and records what came of it. */
async function deliverOne(d: Claimed, ctx: LaneContext): Promise<void> {
  let content: FeedResult | null;
  try {
    content = await ctx.content(d.topic, d.stateHash);
  } catch (err) {
    await letGo(d, ctx);
    throw err;
  }
  if (content?.kind !== "ok") {
    // The feed answers no content now (its newsroom or category went): nothing to send.
    await withDb(ctx.settleUntil, async () => {
      await db.websubDelivery.deleteMany({ where: { id: d.id } });
      await noteOnSubscription(d, ctx.now(), null, "the topic has no content now");
    });
    return;
  }
  let result: OutboundResult | null = null;
  let error: string | null = null;
  try {
    result = await post(d, content);
  } catch (err) {
    error = `error: ${errorSummary(err)}`;
  }
  const now = ctx.now();
  const status = result?.kind === "response" ? result.status : null;
  if (status !== null && status >= 200 && status <= 299) ctx.totals.delivered++;
  else if (status === 410) ctx.totals.gone++;
  else ctx.totals.failed++;
  await withDb(ctx.settleUntil, () => record(d, now, status, error ?? (result ? describe(result) : "no answer")));
}

/** What came of a send, in the database. */
async function record(d: Claimed, now: Date, status: number | null, problem: string): Promise<void> {
  if (status !== null && status >= 200 && status <= 299) {
    // The topic changed while this was under way (version moved): it goes again, now.
    const done = await db.websubDelivery.deleteMany({ where: { id: d.id, version: d.version } });
    if (!done.count)
      await db.websubDelivery.updateMany({
        where: { id: d.id },
        data: { claimedUntil: null, attempts: 0, nextAttemptAt: now, lastStatus: status, lastError: null },
      });
    await noteOnSubscription(d, now, status, null);
    return;
  }
  if (status === 410) {
    // WebSub 7: a subscriber that answers Gone wants no more; the subscription ends with its delivery.
    await db.websubSubscription.deleteMany({ where: { id: d.subscriptionId } });
    return;
  }
  const reason = problem.slice(0, 300);
  const delay = RETRY_DELAYS_MS[d.attempts - 1];
  if (delay === undefined) {
    await db.websubDelivery.deleteMany({ where: { id: d.id } });
    await noteOnSubscription(d, now, status, `given up after ${d.attempts} attempts: ${reason}`);
  } else {
    await db.websubDelivery.updateMany({
      where: { id: d.id },
      data: { claimedUntil: null, nextAttemptAt: new Date(now.getTime() + delay), lastStatus: status, lastError: reason },
    });
    await noteOnSubscription(d, now, status, reason);
  }
}

function noteOnSubscription(d: Claimed, at: Date, status: number | null, error: string | null) {
  return db.websubSubscription.updateMany({
    where: { id: d.subscriptionId },
    data: { lastDeliveryAt: at, lastDeliveryStatus: status, lastDeliveryError: error },
  });
}

/**
 * One host's lane: up to HOST_LANE.concurrency senders. Each takes a place among the run's
 * requests in flight, then claims the host's next due delivery, waits for the host's pace and
 * sends, until none is left or the run's time is up.
 */
export async function runLane(host: string, ctx: LaneContext): Promise<void> {
  const sender = async () => {
    while (Date.now() < ctx.deadline) {
      const release = await ctx.gate.acquire(ctx.deadline);
      if (!release) return;
      let d: Claimed | null = null;
      try {
        d = await withDb(ctx.deadline, () => claimFor(host, ctx.now()));
        if (!d) return;
        if (!(await pace(host, ctx.deadline))) {
          // Past the run's time: the claim is let go undone, the attempt not counted.
          await letGo(d, ctx);
          return;
        }
        await deliverOne(d, ctx);
      } catch (err) {
        // Out of time, or the database failed us mid-way: a claim runs out and the delivery is tried again.
        if (!(err instanceof OutOfTime)) console.error(`websub: delivery ${d?.id ?? "claim"} to ${host}:`, errorSummary(err));
        return;
      } finally {
        release();
      }
    }
  };
  await Promise.all(Array.from({ length: HOST_LANE.concurrency }, sender));
}
