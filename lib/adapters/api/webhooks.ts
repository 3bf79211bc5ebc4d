import type { z } from "zod";
import { listDeliveryLog, resendDelivery, sendTestEvent } from "@/lib/domains/webhooks/delivery-log";
import { setWebhookEndpointEnabled } from "@/lib/domains/webhooks/enable";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  endpointOf,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domains/webhooks/endpoints";
import {
  webhookEndpointResource,
  type DeliveryLogQuery,
  type WebhookDelivery,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
} from "./webhook-schemas";

// API v1 webhook endpoints: translate the v1 fields to the domain's and back.

export async function listEndpoints(userId: number, newsroomId: number) {
  return { data: (await listWebhookEndpoints(userId, newsroomId)).map(webhookEndpointResource) };
}

export async function createEndpoint(userId: number, newsroomId: number, body: z.infer<typeof WebhookEndpointInput>) {
  const { endpoint, secret } = await createWebhookEndpoint({
    userId,
    companyId: newsroomId,
    url: body.url,
    eventTypes: body.event_types,
    description: body.description,
    enabled: body.enabled,
  });
  return { data: { ...webhookEndpointResource(endpoint), secret } };
}

export async function getEndpoint(userId: number, id: number) {
  return { data: webhookEndpointResource(await endpointOf(userId, id)) };
}

/** Field changes first, then switching on or off (with the replay of what was missed). */
export async function updateEndpoint(userId: number, id: number, body: z.infer<typeof WebhookEndpointUpdate>) {
  let endpoint =
    body.url !== undefined || body.event_types !== undefined || body.description !== undefined
      ? await updateWebhookEndpoint({ userId, endpointId: id, url: body.url, eventTypes: body.event_types, description: body.description })
      : await endpointOf(userId, id);
  let replayed = 0;
  if (body.enabled !== undefined) {
    const switched = await setWebhookEndpointEnabled({ userId, endpointId: id, enabled: body.enabled, replay: body.replay_missed });
    endpoint = switched.endpoint;
    replayed = switched.replayed;
  }
  return { data: webhookEndpointResource(endpoint), meta: { replayed } };
}

export const deleteEndpoint = (userId: number, id: number) => deleteWebhookEndpoint({ userId, endpointId: id });

export async function rotateSecret(userId: number, id: number) {
  const { endpoint, secret } = await rotateWebhookSecret({ userId, endpointId: id });
  return { data: { ...webhookEndpointResource(endpoint), secret } };
}

export async function sendTest(userId: number, id: number) {
  const { messageId } = await sendTestEvent({ userId, endpointId: id });
  return { data: { message_id: messageId } };
}

export async function deliveryLog(userId: number, id: number, query: z.infer<typeof DeliveryLogQuery>) {
  const log = await listDeliveryLog(userId, id, { eventType: query.event_type ?? null, outcome: query.outcome ?? null, page: query.page });
  const data: z.infer<typeof WebhookDelivery>[] = log.deliveries.map((d) => ({
    id: d.id,
    message_id: d.message.id,
    event_type: d.message.eventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    created_at: d.createdAt.toISOString(),
    log: d.log.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      succeeded: a.succeeded,
      response_excerpt: a.responseExcerpt,
      trigger: a.trigger as "first" | "retry" | "manual",
    })),
  }));
  return { data, meta: { page: log.page, total: log.total } };
}

export async function resend(userId: number, id: number, deliveryId: number) {
  const r = await resendDelivery({ userId, endpointId: id, deliveryId });
  return { data: { succeeded: r.succeeded, status_code: r.status, latency_ms: Math.round(r.latencyMs) } };
}
