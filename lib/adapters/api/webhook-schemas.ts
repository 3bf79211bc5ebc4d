import { z } from "zod";
import { RecordIdParam } from "@/lib/core/input/ids";
import type { WebhookEndpointView } from "@/lib/domains/webhooks/endpoints";
import { ENDPOINT_LIMITS } from "@/lib/domains/webhooks/endpoint-input";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domains/webhooks/event-types";

// The v1 contract of webhook endpoints (docs/webhooks.md); the OpenAPI file is generated from these.

export const WebhookIdParams = z.object({
  id: RecordIdParam.meta({ description: "A webhook endpoint id (a positive 32-bit integer); anything else answers 404." }),
});
export const WebhookDeliveryParams = z.object({
  id: RecordIdParam.meta({ description: "The webhook endpoint." }),
  deliveryId: RecordIdParam.meta({ description: "A delivery of that endpoint (from its delivery log)." }),
});

const EventType = z.enum(WEBHOOK_EVENT_TYPES);
const url = z.string().max(2000).meta({
  description:
    "Where messages are POSTed: `https://` with a host whose addresses are public (checked again before every attempt, after DNS). The embedded default also accepts `http://localhost`.",
});
const description = z.string().max(ENDPOINT_LIMITS.descriptionMax);

export const WebhookEndpointInput = z
  .object({
    url,
    event_types: z.array(EventType).min(1).max(WEBHOOK_EVENT_TYPES.length).meta({ description: "The events this endpoint receives." }),
    description: description.optional(),
    enabled: z.boolean().default(true),
  })
  .meta({ id: "WebhookEndpointInput" });

export const WebhookEndpointUpdate = z
  .object({
    url: url.optional(),
    event_types: z.array(EventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
    description: description.optional(),
    enabled: z.boolean().optional().meta({ description: "Switch the endpoint off or on again." }),
    replay_missed: z.boolean().default(false).meta({
      description:
        "With `enabled: true` on a disabled endpoint: resend every message of its event types since it began failing (or was switched off) that it has not confirmed, with the original `webhook-id`.",
    }),
  })
  .meta({ id: "WebhookEndpointUpdate" });

export const WebhookEndpoint = z
  .object({
    id: z.int(),
    newsroom_id: z.int(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(EventType),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(["owner", "failing"])
      .nullable()
      .meta({ description: "`failing`: switched off after three days of failed deliveries." }),
    disabled_at: z.string().nullable(),
    failing_since: z.string().nullable().meta({ description: "Since when every attempt failed; null after a success." }),
    previous_secret_valid_until: z
      .string()
      .nullable()
      .meta({ description: "After a rotation the old secret signs beside the new one until this time." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().meta({ description: "The signing secret (`whsec_…`). Shown only in this answer: store it now." }),
}).meta({ id: "WebhookEndpointWithSecret" });

export const WebhookEndpointEnvelope = z.object({ data: WebhookEndpoint }).meta({ id: "WebhookEndpointEnvelope" });
export const WebhookEndpointSecretEnvelope = z.object({ data: WebhookEndpointWithSecret }).meta({ id: "WebhookEndpointSecretEnvelope" });
export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint) }).meta({ id: "WebhookEndpointList" });
export const WebhookReplayEnvelope = z
  .object({ data: WebhookEndpoint, meta: z.object({ replayed: z.int().meta({ description: "Messages queued again." }) }) })
  .meta({ id: "WebhookEndpointUpdated" });

export const WebhookTestEnvelope = z
  .object({ data: z.object({ message_id: z.string().meta({ description: "The `webhook-id` of the test message." }) }) })
  .meta({ id: "WebhookTestSent" });

export const DeliveryLogQuery = z.object({
  event_type: z.string().max(50).optional().meta({ description: "Only messages of this event type." }),
  outcome: z.enum(["succeeded", "pending", "failed"]).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

const Attempt = z.object({
  attempted_at: z.string(),
  status_code: z.int().nullable().meta({ description: "Null when no answer came (refused address, timeout, network)." }),
  latency_ms: z.int(),
  succeeded: z.boolean(),
  response_excerpt: z.string().meta({ description: "The first 1,000 characters of the answer, or what went wrong." }),
  trigger: z.enum(["first", "retry", "manual"]),
});

export const WebhookDelivery = z
  .object({
    id: z.int(),
    message_id: z.string(),
    event_type: z.string(),
    status: z.enum(["succeeded", "pending", "failed"]),
    attempts: z.int(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    log: z.array(Attempt),
  })
  .meta({ id: "WebhookDelivery" });

export const WebhookDeliveryList = z
  .object({ data: z.array(WebhookDelivery), meta: z.object({ page: z.int(), total: z.int() }) })
  .meta({ id: "WebhookDeliveryList" });

export const WebhookResendEnvelope = z
  .object({ data: z.object({ succeeded: z.boolean(), status_code: z.int().nullable(), latency_ms: z.int() }) })
  .meta({ id: "WebhookResent" });

export function webhookEndpointResource(e: WebhookEndpointView): z.infer<typeof WebhookEndpoint> {
  return {
    id: e.id,
    newsroom_id: e.companyId,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes as z.infer<typeof EventType>[],
    enabled: e.enabled,
    disabled_reason: (e.disabledReason as "owner" | "failing" | null) ?? null,
    disabled_at: e.disabledAt?.toISOString() ?? null,
    failing_since: e.failingSince?.toISOString() ?? null,
    previous_secret_valid_until:
      e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
