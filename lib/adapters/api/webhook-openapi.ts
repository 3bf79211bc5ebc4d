import { z } from "zod";
import { EVENT_TYPE_TEXT, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, type WebhookMessageType } from "@/lib/domains/webhooks/event-types";
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { Endpoint } from "./openapi";
import { NewsroomIdParams } from "./newsroom-schemas";
import { ReleaseResource, ReviewReason } from "./schemas";
import * as W from "./webhook-schemas";

// The webhook part of the v1 description: the management endpoints, and the `webhooks` section
// (OpenAPI 3.1) with one message schema per event type, as receivers get them.

const OWNER_ONLY = "Only the newsroom's owners manage webhooks (403 for other members; 404 outside the newsroom).";

export const WEBHOOK_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api/v1/newsrooms/{id}/webhooks",
    operationId: "listWebhookEndpoints",
    summary: "The newsroom's webhook endpoints",
    description: OWNER_ONLY,
    params: NewsroomIdParams,
    ok: { status: 200, schema: W.WebhookEndpointList, description: "The endpoints, oldest first." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/newsrooms/{id}/webhooks",
    operationId: "createWebhookEndpoint",
    summary: "Create a webhook endpoint",
    description: `${OWNER_ONLY} The answer carries the signing secret (\`whsec_…\`) once. 409: the newsroom already has 20 endpoints.`,
    params: NewsroomIdParams,
    body: W.WebhookEndpointInput,
    ok: { status: 201, schema: W.WebhookEndpointSecretEnvelope, description: "The endpoint with its secret." },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}",
    operationId: "getWebhookEndpoint",
    summary: "One webhook endpoint",
    params: W.WebhookIdParams,
    ok: { status: 200, schema: W.WebhookEndpointEnvelope, description: "The endpoint." },
    errors: [],
  },
  {
    method: "patch",
    path: "/api/v1/webhooks/{id}",
    operationId: "updateWebhookEndpoint",
    summary: "Change, switch off or switch on a webhook endpoint",
    params: W.WebhookIdParams,
    body: W.WebhookEndpointUpdate,
    ok: { status: 200, schema: W.WebhookReplayEnvelope, description: "The endpoint as it is now." },
    errors: [],
  },
  {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    operationId: "deleteWebhookEndpoint",
    summary: "Delete a webhook endpoint",
    description: "Nothing more is sent to it; deliveries not yet made are dropped.",
    params: W.WebhookIdParams,
    ok: { status: 204, description: "Deleted." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Rotate the signing secret",
    description:
      "A new secret, returned once. For 24 hours every message carries two signatures (`v1,<new> v1,<old>`), so a receiver verifies with either while it switches.",
    params: W.WebhookIdParams,
    ok: { status: 200, schema: W.WebhookEndpointSecretEnvelope, description: "The endpoint with its new secret." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    operationId: "sendWebhookTestEvent",
    summary: "Send a test event",
    description:
      "Queues a `webhook.test` message to this endpoint only; see the delivery log for the answer. 409: the endpoint is switched off.",
    params: W.WebhookIdParams,
    ok: { status: 202, schema: W.WebhookTestEnvelope, description: "Queued." },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "The endpoint's delivery log",
    description: "Every message sent to the endpoint, newest first (50 per page), with its last 20 attempts.",
    params: W.WebhookIdParams,
    query: W.DeliveryLogQuery,
    ok: { status: 200, schema: W.WebhookDeliveryList, description: "The deliveries." },
    errors: [],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
    operationId: "resendWebhookDelivery",
    summary: "Send a logged message again",
    description:
      "One attempt now, with the message's original `webhook-id`; it does not change the automatic retry schedule. 409: the endpoint is switched off.",
    params: W.WebhookDeliveryParams,
    ok: { status: 200, schema: W.WebhookResendEnvelope, description: "The receiver's answer." },
    errors: [409],
  },
];

const CheckDetails = z.object({
  result: z.enum(["green", "yellow", "red"]),
  reasons: z.array(ReviewReason),
  attempt: z.int().nullable(),
});
const Rejection = z.object({
  by: z.enum(["check", "editor"]),
  comment: z.string().nullable(),
  reasons: z.array(ReviewReason),
});
const Image = z.object({
  image: z.object({ id: z.int(), release_id: z.int() }),
  reason: z.enum(["precheck", "rejected"]).nullable().meta({
    description: "`precheck`: held back until an editor decides; `rejected`: hidden for good; null for `image.released`.",
  }),
});
const Quota = z.object({
  quota: z.object({ period: z.string().meta({ description: "Calendar month, YYYY-MM (Europe/Berlin)." }), limit: z.int(), used: z.int() }),
  release_id: z.int().meta({ description: "The publication that used the last unit." }),
});
const Invoice = z.object({
  invoice: z.object({
    id: z.int(),
    number: z.string(),
    kind: z.enum(["stripe", "manual"]),
    status: z.enum(["open", "paid", "void", "uncollectible", "draft"]),
    currency: z.string(),
    net_cents: z.int(),
    tax_cents: z.int(),
    gross_cents: z.int(),
    issued_at: z.string(),
    due_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  }),
});
const Test = z.object({ endpoint: z.object({ id: z.int(), url: z.string() }), message: z.string() });

function dataOf(type: WebhookMessageType): z.ZodType {
  if (type === "release.checked") return z.object({ release: ReleaseResource, check: CheckDetails });
  if (type === "release.rejected") return z.object({ release: ReleaseResource, rejection: Rejection });
  if (type.startsWith("release.")) return z.object({ release: ReleaseResource });
  if (type.startsWith("image.")) return Image;
  if (type === "quota.exhausted") return Quota;
  if (type.startsWith("invoice.")) return Invoice;
  return Test;
}

const schemaId = (type: string) =>
  `${type
    .split(/[._]/)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("")}Event`;

const HEADERS = z.object({
  "webhook-id": z.string().meta({ description: "The message id (`msg_…`): the same on every attempt; drop repeats by it." }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt; refuse messages more than 5 minutes off." }),
  "webhook-signature": z.string().meta({
    description: "`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, space-separated when two secrets sign (24 h after a rotation).",
  }),
});

/** The `webhooks` section: one POST per event type, as the receiver's endpoint gets it. */
export function registerWebhookEvents(registry: OpenAPIRegistry): void {
  for (const type of [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] as const) {
    const message = z
      .object({
        type: z.literal(type),
        timestamp: z.string().meta({ description: "When it happened (ISO 8601)." }),
        data: dataOf(type),
      })
      .meta({ id: schemaId(type) });
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `on${schemaId(type)}`,
      summary: EVENT_TYPE_TEXT[type].en,
      description:
        "Signed per Standard Webhooks. Answer 2xx within 15 seconds; anything else is retried with back-off for about three days (docs/webhooks.md).",
      request: { headers: HEADERS, body: { required: true, content: { "application/json": { schema: message } } } },
      responses: { 200: { description: "Any 2xx confirms receipt." } },
    });
  }
}
