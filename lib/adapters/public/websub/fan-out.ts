import { db } from "@/lib/core/db/client";
import type { FeedResult } from "@/lib/adapters/public/feeds/feeds";
import { contentHash } from "./content-hash";
import { withDb } from "./slots";
import { currentTopicContent } from "./topic-content";
import { parseTopicUrl } from "./topics";

// From "this topic may have changed" (a notification the lifecycle reaction wrote) to one
// outstanding delivery per active subscriber, only when the topic's content really differs from
// what was last distributed: a publication in another category changes the edition feed, not
// this category's, and an embargoed release changes nothing until its time.

export interface FanOutResult {
  topics: number;
  /** Topics whose content changed: their deliveries go out. */
  changed: string[];
  deliveries: number;
}

/** Notifications read per run; the rest waits for the next pass. */
const BATCH = 2_000;

/**
 * Works the due notifications, topic by topic; its database work takes the distributor's slots
 * (slots.ts) and gives up (OutOfTime) when none comes before `deadline`: the rest waits.
 */
export async function fanOutDueNotifications(now = new Date(), deadline = Date.now() + 30_000): Promise<FanOutResult> {
  const due = await withDb(deadline, () =>
    db.websubNotification.findMany({
      where: { processedAt: null, dueAt: { lte: now } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, topic: true },
    }),
  );
  const byTopic = new Map<string, number[]>();
  for (const n of due) byTopic.set(n.topic, [...(byTopic.get(n.topic) ?? []), n.id]);
  const result: FanOutResult = { topics: byTopic.size, changed: [], deliveries: 0 };
  for (const [topic, ids] of byTopic) {
    const fanned = await fanOutTopic(topic, ids, now, deadline);
    if (fanned !== null) {
      result.changed.push(topic);
      result.deliveries += fanned;
    }
  }
  return result;
}

/**
 * One topic: its content is read after its notifications were (so a change committed after that
 * read leaves a notification for the next pass), compared with the last distributed content, and
 * on a difference every active subscription gets its delivery (an outstanding one is moved on,
 * so a send already under way goes again with the new content). Null when nothing changed.
 */
async function fanOutTopic(topic: string, ids: number[], now: Date, deadline: number): Promise<number | null> {
  const feed = parseTopicUrl(topic);
  const content = feed ? await withDb(deadline, () => currentTopicContent(feed, now)) : null;
  return withDb(deadline, () => fanOutChange(topic, ids, content, now));
}

/** The transaction of fanOutTopic, on the content read before it. */
function fanOutChange(topic: string, ids: number[], content: FeedResult | null, now: Date): Promise<number | null> {
  return db.$transaction(async (tx) => {
    // Another runner on the same topic: its pass covers these notifications' content too, or leaves them.
    const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${`websub:fan-out:${topic}`})) AS ok`;
    if (!lock?.ok) return null;
    await tx.websubNotification.updateMany({ where: { id: { in: ids }, processedAt: null }, data: { processedAt: now } });
    // A feed that answers no content now (a newsroom without releases, a removed category) has nothing to send.
    if (content?.kind !== "ok") return null;
    const hash = contentHash(content.document);
    const state = await tx.websubTopicState.findUnique({ where: { topic }, select: { contentHash: true } });
    if (state?.contentHash === hash) return null;
    await tx.websubTopicState.upsert({
      where: { topic },
      create: { topic, contentHash: hash, changedAt: now },
      update: { contentHash: hash, changedAt: now },
    });
    return tx.$executeRaw`
      INSERT INTO websub_deliveries (subscription_id, callback_host, next_attempt_at, created_at)
      SELECT id, callback_host, ${now}, ${now} FROM websub_subscriptions WHERE topic = ${topic} AND expires_at > ${now}
      ON CONFLICT (subscription_id) DO UPDATE SET version = websub_deliveries.version + 1`;
  });
}
