import { db } from "@/lib/core/db/client";
import type { OutboundResult } from "@/lib/core/http/outbound";
import { DISABLE_AFTER_FAILING_MS, retryDelayMs } from "./backoff";
import { notifyEndpointDisabled } from "./notify-endpoint-disabled";

const EXCERPT_CHARS = 1_000;

/** What the log shows of an attempt: the answer's first characters, or what went wrong. */
export function excerptOf(result: OutboundResult): string {
  if (result.kind !== "response") return `${result.reason}: ${result.message}`.slice(0, EXCERPT_CHARS);
  return result.body
    .subarray(0, EXCERPT_CHARS * 4)
    .toString("utf8")
    .replace(/\0/g, "")
    .slice(0, EXCERPT_CHARS);
}

export interface AttemptOutcome {
  deliveryId: number;
  /** The delivery's attempts including this one. */
  attempts: number;
  result: OutboundResult;
  succeeded: boolean;
  trigger: "first" | "retry" | "manual";
  at: Date;
}

/**
 * Records the attempts of one endpoint's batch and what follows from them, in one transaction:
 * the log rows, each delivery's next attempt (or its end), and the endpoint's health. An endpoint
 * that has had no success for three days is switched off and its owners are mailed, once.
 */
export async function recordAttempts(endpointId: number, outcomes: readonly AttemptOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  const now = new Date();
  // A resend from the log stands beside the automatic schedule: it neither counts nor shortens it.
  const scheduled = outcomes.filter((o) => o.trigger !== "manual");
  const manual = outcomes.filter((o) => o.trigger === "manual");
  const next = scheduled.map((o) => {
    const delay = o.succeeded ? null : retryDelayMs(o.attempts);
    return {
      status: o.succeeded ? "succeeded" : delay === null ? "failed" : "pending",
      nextAttemptAt: new Date(o.at.getTime() + (delay ?? 0)).toISOString(),
    };
  });
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.createMany({
      data: outcomes.map((o) => ({
        deliveryId: o.deliveryId,
        attemptedAt: o.at,
        statusCode: o.result.kind === "response" ? o.result.status : null,
        latencyMs: Math.round(o.result.latencyMs),
        succeeded: o.succeeded,
        responseExcerpt: excerptOf(o.result),
        trigger: o.trigger,
      })),
    });
    if (scheduled.length)
      await tx.$executeRaw`
        UPDATE webhook_deliveries d
           SET attempts = v.attempts, last_attempt_at = v.at, status = v.status::"WebhookDeliveryStatus", next_attempt_at = v.next
          FROM unnest(${scheduled.map((o) => o.deliveryId)}::int[], ${scheduled.map((o) => o.attempts)}::int[],
                      ${scheduled.map((o) => o.at.toISOString())}::timestamptz[], ${next.map((n) => n.status)}::text[],
                      ${next.map((n) => n.nextAttemptAt)}::timestamptz[]) AS v(id, attempts, at, status, next)
         WHERE d.id = v.id`;
    for (const o of manual)
      await tx.webhookDelivery.update({
        where: { id: o.deliveryId },
        data: { lastAttemptAt: o.at, ...(o.succeeded ? { status: "succeeded" } : {}) },
      });

    if (outcomes.some((o) => o.succeeded)) {
      await tx.$executeRaw`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpointId} AND failing_since IS NOT NULL`;
      return;
    }
    const [endpoint] = await tx.$queryRaw<{ enabled: boolean; failing_since: Date | null }[]>`
      SELECT enabled, failing_since FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
    if (!endpoint) return;
    const failingSince = endpoint.failing_since ?? now;
    const disable = endpoint.enabled && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
    if (endpoint.failing_since && !disable) return;
    await tx.webhookEndpoint.update({
      where: { id: endpointId },
      data: { failingSince, ...(disable ? { enabled: false, disabledAt: now, disabledReason: "failing" } : {}) },
    });
    if (disable) await notifyEndpointDisabled(endpointId, tx);
  }, TRANSACTION_OPTIONS);
}

// Twenty lanes share the pool with the requests: waiting a little for a connection beats failing.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };
