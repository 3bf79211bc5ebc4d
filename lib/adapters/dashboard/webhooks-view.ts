import type { Outcome } from "@/lib/domains/webhooks/delivery-log";
import type { WebhookEndpointView } from "@/lib/domains/webhooks/endpoints";
import { EVENT_TYPE_TEXT, WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookMessageType } from "@/lib/domains/webhooks/event-types";

// What the webhook screens say, without a server import: the event-type checkboxes (a client
// component) read it as well as the pages. docs/webhooks.md lists the event types.

export interface EventGroup {
  key: string;
  label: string;
  types: WebhookEventType[];
}

/** The event types as the form groups them: by what they are about. */
export const EVENT_GROUPS: EventGroup[] = [
  { key: "release", label: "Pressemitteilungen", types: WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("release.")) },
  { key: "image", label: "Bilder", types: WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("image.")) },
  { key: "quota", label: "Kontingent", types: WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("quota.")) },
  { key: "invoice", label: "Rechnungen", types: WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith("invoice.")) },
];

/** The German label of an event type; the type itself for one this version does not know. */
export function eventLabel(type: string): string {
  return (EVENT_TYPE_TEXT as Record<string, { de: string } | undefined>)[type]?.de ?? type;
}

export const OUTCOME_LABELS: Record<Outcome, string> = {
  succeeded: "Zugestellt",
  pending: "Ausstehend",
  failed: "Fehlgeschlagen",
};

/** Every message type the log can be filtered by: the subscribable ones and the test event. */
export const LOG_EVENT_TYPES: WebhookMessageType[] = [...WEBHOOK_EVENT_TYPES, "webhook.test"];

export const ATTEMPT_TRIGGER_LABELS: Record<string, string> = {
  first: "erster Versuch",
  retry: "Wiederholung",
  manual: "von Hand erneut gesendet",
};

export type EndpointState =
  | { kind: "active" }
  | { kind: "failing"; since: Date }
  | { kind: "off"; since: Date | null }
  | { kind: "disabled_failing"; since: Date | null };

type EndpointFacts = Pick<WebhookEndpointView, "enabled" | "disabledAt" | "disabledReason" | "failingSince">;

/** The state a badge shows: switched off after three days of failures, switched off by hand, failing, or active. */
export function endpointState(e: EndpointFacts): EndpointState {
  if (!e.enabled)
    return e.disabledReason === "failing" ? { kind: "disabled_failing", since: e.disabledAt } : { kind: "off", since: e.disabledAt };
  if (e.failingSince) return { kind: "failing", since: e.failingSince };
  return { kind: "active" };
}

/** Since when an endpoint that is switched off missed messages: what "Verpasstes nachsenden" sends again. */
export function missedSince(e: EndpointFacts): Date | null {
  return e.enabled ? null : (e.failingSince ?? e.disabledAt);
}

/** About ten lines of a Node receiver with the standardwebhooks package (docs/webhooks.md). */
export const NODE_VERIFY_SNIPPET = `import express from "express"; // npm install express standardwebhooks
import { Webhook } from "standardwebhooks";
const wh = new Webhook(process.env.PRESSDESK_WEBHOOK_SECRET); // whsec_…
const app = express();
app.post("/webhooks/pressdesk", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try { event = wh.verify(req.body, req.headers); } catch { return res.sendStatus(400); } // not from Pressdesk
  console.log(req.headers["webhook-id"], event.type); // same webhook-id on every attempt: drop repeats
  res.sendStatus(204);
});
app.listen(3000);`;
