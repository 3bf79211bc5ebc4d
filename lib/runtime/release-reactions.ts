import { emitReleaseWebhook, RELEASE_WEBHOOK_EVENTS } from "@/lib/adapters/api/release-webhooks";
import { websubDistribution } from "@/lib/adapters/public/websub/reaction";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { notifyChangeApplied } from "@/lib/domains/mail/notifications/notify-change-applied";
import { notifyReleasePublished } from "@/lib/domains/mail/notifications/notify-release-published";
import { notifyReleaseRejected, notifyReleaseReturned } from "@/lib/domains/mail/notifications/notify-release-rejected";
import { notifyReviewBlocked } from "@/lib/domains/mail/notifications/notify-review-blocked";
import { deliverDueLifecycleEvents, provideAfterCommitReactions } from "@/lib/domains/releases/lifecycle/after-commit-reactions";
import type { LifecycleEvent, Reaction } from "@/lib/domains/releases/lifecycle/types";

// Who hears of a release's lifecycle after the change commits: one entry per reaction
// (docs/release-lifecycle.md "Lifecycle events"). A new reaction to "published" is one more
// entry here; no transition changes. The reactions that are part of the change itself (search
// mirror, caches) live with the release domain (lib/domains/releases/lifecycle/part-of-the-change.ts).

/** What the check found, as the rejection and blocked mails report it. */
function checkOf(event: LifecycleEvent) {
  const d = event.data as { attempt?: number; maxAttempts?: number; reasons?: { message: string }[] };
  return { releaseId: event.releaseId, attempt: d.attempt ?? 0, maxAttempts: d.maxAttempts ?? 0, reasons: d.reasons ?? [] };
}

/** The author's mails (spec 6.3), queued in the reaction's transaction: once per event. */
export const authorMail: Reaction = {
  name: "author-mail",
  on: ["published", "rejected", "checked", "changed"],
  async handle(tx, event) {
    switch (event.type) {
      case "published":
        return notifyReleasePublished({ releaseId: event.releaseId }, tx);
      case "rejected":
        // Sent back by a person with a comment, or red in the check.
        if (event.actor.type === "admin")
          return notifyReleaseReturned({ releaseId: event.releaseId, comment: String(event.data["comment"] ?? "") }, tx);
        return notifyReleaseRejected(checkOf(event), tx);
      case "checked":
        // The last allowed red: a person decides; the author learns that it waits.
        return event.data["outcome"] === "flagged_for_manual_check" ? notifyReviewBlocked(checkOf(event), tx) : undefined;
      case "changed":
        return notifyChangeApplied({ releaseId: event.releaseId }, tx);
    }
  },
};

/** The newsroom's webhook endpoints (docs/webhooks.md): one signed message per event. */
export const outgoingWebhooks: Reaction = {
  name: "outgoing-webhooks",
  on: RELEASE_WEBHOOK_EVENTS,
  handle: (tx, event) => emitReleaseWebhook(tx, event),
};

// The feed readers' hub first: its job is dispatched after the commit and should not queue behind the mail.
export const RELEASE_REACTIONS: readonly Reaction[] = [websubDistribution, outgoingWebhooks, authorMail];

provideAfterCommitReactions(RELEASE_REACTIONS);

/** Every minute: the reactions a crash or a failure left undone (back-off per event). */
export const deliverLifecycleEventsJob = defineJob({
  name: JOB.deliverLifecycleEvents,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("deliver", () => deliverDueLifecycleEvents(RELEASE_REACTIONS)),
});
