import { db } from "@/lib/core/db/client";

// The daily tidy-up of the hub's tables: subscriptions past their lease (a subscriber renews by
// subscribing again before expiry), and the bookkeeping of verifications and notifications.

const DAY_MS = 86_400_000;
/** Settled verification requests are kept a week (what went wrong with a subscriber's attempt). */
const VERIFICATIONS_KEPT_DAYS = 7;
/** Worked notifications, two days. */
const NOTIFICATIONS_KEPT_DAYS = 2;

export interface PruneResult {
  subscriptions: number;
  verifications: number;
  notifications: number;
  topicStates: number;
}

export async function pruneWebsub(now = new Date()): Promise<PruneResult> {
  // Their outstanding deliveries go with them (cascade).
  const subscriptions = await db.websubSubscription.deleteMany({ where: { expiresAt: { lte: now } } });
  const verifications = await db.websubVerification.deleteMany({
    where: { status: { not: "pending" }, finishedAt: { lt: new Date(now.getTime() - VERIFICATIONS_KEPT_DAYS * DAY_MS) } },
  });
  const notifications = await db.websubNotification.deleteMany({
    where: { processedAt: { lt: new Date(now.getTime() - NOTIFICATIONS_KEPT_DAYS * DAY_MS) } },
  });
  // A topic nobody subscribes to any more needs no memory of its last distributed content.
  const topicStates = await db.$executeRaw`
    DELETE FROM websub_topic_states t WHERE NOT EXISTS (SELECT 1 FROM websub_subscriptions s WHERE s.topic = t.topic)`;
  return { subscriptions: subscriptions.count, verifications: verifications.count, notifications: notifications.count, topicStates };
}
