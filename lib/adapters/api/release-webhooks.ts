import type { Tx } from "@/lib/core/db/client";
import type { LifecycleEvent, LifecycleEventType } from "@/lib/domains/releases/lifecycle/types";
import { emitWebhookEvent } from "@/lib/domains/webhooks/emit";
import type { WebhookEventType } from "@/lib/domains/webhooks/event-types";
import { loadReleaseResources } from "./release-resource";

// Which release transitions API clients hear of, and what they receive: the thin envelope of
// docs/webhooks.md with the v1 release resource as it is after the change.

export const RELEASE_WEBHOOK_TYPES: Partial<Record<LifecycleEventType, WebhookEventType>> = {
  submitted: "release.submitted",
  checked: "release.checked",
  published: "release.published",
  // A depublished release that goes public again is a publication to a client.
  republished: "release.published",
  rejected: "release.rejected",
  scheduled: "release.scheduled",
  changed: "release.changed",
  corrected: "release.corrected",
  withdrawn: "release.withdrawn",
  depublished: "release.depublished",
  tombstoned: "release.gone",
};

export const RELEASE_WEBHOOK_EVENTS = Object.keys(RELEASE_WEBHOOK_TYPES) as LifecycleEventType[];

/** What an event adds beside the release: the check's result, who rejected it and why. */
function detailsOf(event: LifecycleEvent): Record<string, unknown> {
  const d = event.data;
  if (event.type === "checked")
    return { check: { result: d["result"] ?? null, reasons: d["reasons"] ?? [], attempt: d["attempt"] ?? null } };
  if (event.type === "rejected")
    return {
      rejection:
        event.actor.type === "admin"
          ? { by: "editor", comment: String(d["comment"] ?? "") || null, reasons: [] }
          : { by: "check", comment: null, reasons: d["reasons"] ?? [] },
    };
  return {};
}

/** The webhook message of one lifecycle event, recorded in the reaction's transaction (once per event). */
export async function emitReleaseWebhook(tx: Tx, event: LifecycleEvent) {
  const type = RELEASE_WEBHOOK_TYPES[event.type];
  if (!type) return null;
  const [release] = await loadReleaseResources([event.releaseId], tx);
  if (!release) return null;
  return emitWebhookEvent(tx, {
    companyId: release.newsroom.id,
    type,
    sourceKey: `lifecycle:${event.id}`,
    occurredAt: event.occurredAt,
    data: { release, ...detailsOf(event) },
  });
}
