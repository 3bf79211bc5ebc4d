import { Badge } from "@/components/ui/badge";
import { endpointState, OUTCOME_LABELS } from "@/lib/adapters/dashboard/webhooks-view";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { WebhookEndpointView } from "@/lib/domains/webhooks/endpoints";

/** An endpoint's state: aktiv, ausgeschaltet, failing since when, or switched off after three days of failures. */
export function EndpointStatusBadge({
  endpoint,
}: {
  endpoint: Pick<WebhookEndpointView, "enabled" | "disabledAt" | "disabledReason" | "failingSince">;
}) {
  const state = endpointState(endpoint);
  switch (state.kind) {
    case "active":
      return <Badge tone="success">aktiv</Badge>;
    case "failing":
      return <Badge tone="warning">schlägt fehl seit {formatBerlin(state.since)}</Badge>;
    case "disabled_failing":
      return <Badge tone="danger">nach 3 Tagen Fehlern abgeschaltet</Badge>;
    case "off":
      return <Badge tone="muted">ausgeschaltet</Badge>;
  }
}

const DELIVERY_TONES = { succeeded: "success", pending: "warning", failed: "danger" } as const;

/** A delivery's outcome; a pending one that failed before says when it is tried next. */
export function DeliveryStatusBadge({
  status,
  attempts,
  nextAttemptAt,
}: {
  status: keyof typeof DELIVERY_TONES;
  attempts: number;
  nextAttemptAt: Date | null;
}) {
  return (
    <Badge tone={DELIVERY_TONES[status]} className={`webhook-delivery-${status}`}>
      {OUTCOME_LABELS[status]}
      {status === "pending" && attempts > 0 && nextAttemptAt ? `, nächster Versuch ${formatBerlin(nextAttemptAt)}` : ""}
    </Badge>
  );
}
