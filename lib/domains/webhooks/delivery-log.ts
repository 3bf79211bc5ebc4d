import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { attemptDelivery } from "./deliver";
import { emitWebhookEvent } from "./emit";
import { endpointOf } from "./endpoints";
import { isWebhookEventType, TEST_EVENT_TYPE } from "./event-types";

// The delivery log of one endpoint (docs/webhooks.md): every message sent to it with its
// attempts, filterable by event type and outcome; any message can be sent again.

export const LOG_PAGE_SIZE = 50;
export const OUTCOMES = ["succeeded", "pending", "failed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface DeliveryLogFilter {
  eventType?: string | null;
  outcome?: string | null;
  page?: number;
}

export async function listDeliveryLog(userId: number, endpointId: number, filter: DeliveryLogFilter = {}) {
  const endpoint = await endpointOf(userId, endpointId);
  const eventType =
    filter.eventType && (isWebhookEventType(filter.eventType) || filter.eventType === TEST_EVENT_TYPE) ? filter.eventType : null;
  const outcome = filter.outcome && (OUTCOMES as readonly string[]).includes(filter.outcome) ? (filter.outcome as Outcome) : null;
  const page = Math.max(1, Math.min(Math.trunc(filter.page ?? 1) || 1, 1000));
  const where: Prisma.WebhookDeliveryWhereInput = {
    endpointId,
    ...(eventType ? { message: { eventType } } : {}),
    ...(outcome ? { status: outcome } : {}),
  };
  const [total, deliveries] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (page - 1) * LOG_PAGE_SIZE,
      take: LOG_PAGE_SIZE,
      select: {
        id: true,
        status: true,
        attempts: true,
        nextAttemptAt: true,
        createdAt: true,
        message: { select: { id: true, eventType: true, createdAt: true } },
        log: {
          orderBy: { id: "desc" },
          take: 20,
          select: { id: true, attemptedAt: true, statusCode: true, latencyMs: true, succeeded: true, responseExcerpt: true, trigger: true },
        },
      },
    }),
  ]);
  return { endpoint, deliveries, total, page, pages: Math.max(1, Math.ceil(total / LOG_PAGE_SIZE)), filter: { eventType, outcome } };
}

/** Sends one logged message again, now, with its webhook-id; the answer is in the log and returned. */
export async function resendDelivery(opts: { userId: number; endpointId: number; deliveryId: number }) {
  const endpoint = await endpointOf(opts.userId, opts.endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "Enable the endpoint before sending to it.");
  const rows = await db.$queryRaw<Parameters<typeof attemptDelivery>[1][]>`
    SELECT d.id, d.message_id, d.attempts, m.payload::text AS body, e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at
      FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.id = ${opts.deliveryId} AND d.endpoint_id = ${opts.endpointId}`;
  const row = rows[0];
  if (!row) throw notFound("Delivery not found.");
  const { succeeded, result } = await attemptDelivery(opts.endpointId, row);
  return { succeeded, status: result.kind === "response" ? result.status : null, latencyMs: result.latencyMs };
}

/** A `webhook.test` message to this endpoint only, delivered like every other message. */
export async function sendTestEvent(opts: { userId: number; endpointId: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const endpoint = await endpointOf(opts.userId, opts.endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "Enable the endpoint before sending a test event.");
  const sent = await db.$transaction((tx) =>
    emitWebhookEvent(tx, {
      companyId: endpoint.companyId,
      type: TEST_EVENT_TYPE,
      sourceKey: `test:${endpoint.id}:${now.getTime()}:${Math.random().toString(36).slice(2)}`,
      occurredAt: now,
      endpointId: endpoint.id,
      data: { endpoint: { id: endpoint.id, url: endpoint.url }, message: "This is a test event. Answer 2xx to confirm receipt." },
    }),
  );
  return { messageId: sent!.messageId };
}
