import { db } from "@/lib/core/db/client";
import { endpointOf, ENDPOINT_SELECT } from "./endpoints";
import { wakeWebhookDelivery } from "./wake";

/**
 * Switches an endpoint off or on again. Switched on with `replay`, it receives what it missed:
 * every message of its newsroom and event types since it began failing (or was switched off)
 * that it has not confirmed, with the same webhook-id as before.
 */
export async function setWebhookEndpointEnabled(opts: { userId: number; endpointId: number; enabled: boolean; replay?: boolean }) {
  const result = await db.$transaction(async (tx) => {
    const before = await endpointOf(opts.userId, opts.endpointId, tx);
    if (!opts.enabled) {
      if (!before.enabled) return { endpoint: before, replayed: 0 };
      const endpoint = await tx.webhookEndpoint.update({
        where: { id: opts.endpointId },
        data: { enabled: false, disabledAt: new Date(), disabledReason: "owner" },
        select: ENDPOINT_SELECT,
      });
      return { endpoint, replayed: 0 };
    }
    const missedSince = before.failingSince ?? before.disabledAt;
    let replayed = 0;
    if (opts.replay && missedSince && !before.enabled) {
      replayed = await tx.$executeRaw`
        INSERT INTO webhook_deliveries (message_id, endpoint_id, status, attempts, next_attempt_at, created_at)
        SELECT m.id, ${opts.endpointId}, 'pending', 0, now(), now()
          FROM webhook_messages m
         WHERE m.company_id = ${before.companyId} AND m.created_at >= ${missedSince}
           AND (m.event_type = ANY(${before.eventTypes})
                OR EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.endpoint_id = ${opts.endpointId}))
        ON CONFLICT (message_id, endpoint_id) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = now()
         WHERE webhook_deliveries.status <> 'succeeded'`;
    } else if (!before.enabled) {
      // Switched on without replay: what waited while it was off is not sent any more.
      await tx.webhookDelivery.updateMany({ where: { endpointId: opts.endpointId, status: "pending" }, data: { status: "failed" } });
    }
    const endpoint = await tx.webhookEndpoint.update({
      where: { id: opts.endpointId },
      data: { enabled: true, disabledAt: null, disabledReason: null, failingSince: null },
      select: ENDPOINT_SELECT,
    });
    return { endpoint, replayed };
  });
  if (result.replayed) wakeWebhookDelivery();
  return result;
}
