import type { Tx } from "@/lib/core/db/client";
import { afterCommit } from "@/lib/core/db/after-commit";
import type { WebhookMessageType } from "./event-types";
import { newMessageId } from "./signing";
import { wakeWebhookDelivery } from "./wake";

export interface WebhookEventInput {
  companyId: number;
  type: WebhookMessageType;
  /** What caused it, unique: a hook that runs twice for one cause makes one message. */
  sourceKey: string;
  data: Record<string, unknown>;
  occurredAt: Date;
  /** Only this endpoint (the test event); otherwise every enabled endpoint subscribed to the type. */
  endpointId?: number;
}

/**
 * Records one event for a newsroom's endpoints in the caller's transaction: the message (its id is
 * the webhook-id of every attempt) and one delivery per subscribed, enabled endpoint. A rolled-back
 * change records nothing, so nothing is sent; delivery starts once the transaction commits.
 */
export async function emitWebhookEvent(tx: Tx, event: WebhookEventInput): Promise<{ messageId: string; deliveries: number } | null> {
  const messageId = newMessageId();
  const payload = { type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data };
  const inserted = await tx.$executeRaw`
    INSERT INTO webhook_messages (id, company_id, event_type, payload, source_key, created_at)
    VALUES (${messageId}, ${event.companyId}, ${event.type}, ${JSON.stringify(payload)}::json, ${event.sourceKey}, now())
    ON CONFLICT (source_key) DO NOTHING`;
  if (!inserted) return null;
  const deliveries =
    event.endpointId !== undefined
      ? await tx.$executeRaw`
          INSERT INTO webhook_deliveries (message_id, endpoint_id, created_at)
          SELECT ${messageId}, id, now() FROM webhook_endpoints
           WHERE id = ${event.endpointId} AND company_id = ${event.companyId} AND deleted_at IS NULL`
      : await tx.$executeRaw`
          INSERT INTO webhook_deliveries (message_id, endpoint_id, created_at)
          SELECT ${messageId}, e.id, now() FROM webhook_endpoints e JOIN companies c ON c.id = e.company_id
           WHERE e.company_id = ${event.companyId} AND e.enabled AND e.deleted_at IS NULL AND ${event.type} = ANY(e.event_types)
             AND c.deleted_at IS NULL AND c.gone_at IS NULL`;
  if (deliveries) await afterCommit(tx, async () => wakeWebhookDelivery());
  return { messageId, deliveries };
}
