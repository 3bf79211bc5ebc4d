import { JOB } from "./names";
import type { Schedule } from "./types";

// When each job runs (Europe/Berlin). Pure data: the runtime starts them, the status screens list them.
const BERLIN = "Europe/Berlin";
export const SCHEDULES: Record<string, Schedule> = {
  "scheduler-heartbeat": { cron: "*/5 * * * *", timezone: BERLIN, job: JOB.heartbeat },
  "publish-scheduled": { cron: "* * * * *", timezone: BERLIN, job: JOB.publishScheduled },
  // Checks that never came and publications a business rule held up, before /health calls them overdue.
  "sweep-reviews": { cron: "*/5 * * * *", timezone: BERLIN, job: JOB.sweepReviews },
  "prune-expired-tokens": { cron: "20 4 * * *", timezone: BERLIN, job: JOB.pruneExpiredTokens },
  "prune-auth-records": { cron: "25 4 * * *", timezone: BERLIN, job: JOB.pruneAuthRecords },
  "aggregate-views": { cron: "*/10 * * * *", timezone: BERLIN, job: JOB.aggregateViews },
  "purge-events": { cron: "50 3 * * *", timezone: BERLIN, job: JOB.purgeEvents },
  "deliver-due-mail": { cron: "* * * * *", timezone: BERLIN, job: JOB.deliverDueMail },
  "purge-mail-records": { cron: "35 4 * * *", timezone: BERLIN, job: JOB.purgeMailRecords },
  // Spec 4.7: grandfathering ends at 04:15, before the invoice run, so no ended agreement is billed.
  "expire-grandfathering": { cron: "15 4 * * *", timezone: BERLIN, job: JOB.expireGrandfathering },
  "run-invoices": { cron: "30 4 * * *", timezone: BERLIN, job: JOB.runInvoices },
  // Paid provider invoices whose PDF or mail a lost job left behind.
  "sweep-provider-invoices": { cron: "*/15 * * * *", timezone: BERLIN, job: JOB.sweepProviderInvoices },
  "expire-lapsed-changes": { cron: "*/10 * * * *", timezone: BERLIN, job: JOB.expireLapsedChanges },
  "retry-pending-archive": { cron: "*/5 * * * *", timezone: BERLIN, job: JOB.retryPendingArchive },
  // Spec 4.7: weekly, Sunday 04:45.
  "sweep-orphan-originals": { cron: "45 4 * * 0", timezone: BERLIN, job: JOB.sweepOrphanOriginals },
  // Spec 4.7: model:prune daily 04:05 (feed, crawler, conversion and bounce logs after 395 days).
  "prune-model": { cron: "5 4 * * *", timezone: BERLIN, job: JOB.pruneModel },
  // Spec 4.7, 8: failed jobs after 30 days.
  "prune-failed-jobs": { cron: "10 4 * * *", timezone: BERLIN, job: JOB.pruneFailedJobs },
  "purge-drafts": { cron: "40 4 * * *", timezone: BERLIN, job: JOB.purgeDrafts },
  // Spec 1.5: archive entries past their delete-after date that no hold keeps.
  "purge-archive": { cron: "50 4 * * *", timezone: BERLIN, job: JOB.purgeArchive },
  // The operations watch (alerts); also run by GET /health and, embedded, by its own interval.
  "ops-watch": { cron: "*/5 * * * *", timezone: BERLIN, job: JOB.opsWatch },
  // Spec 4.7: the daily search-index check, after the night's maintenance, before the working day.
  "check-index-status": { cron: "10 5 * * *", timezone: BERLIN, job: JOB.checkIndexStatus },
  // IndexNow pings of committed publications, corrections and removals (lib/adapters/public/seo/indexnow).
  "send-indexnow-pings": { cron: "* * * * *", timezone: BERLIN, job: JOB.sendIndexNowPings },
  // Spec 8: the likely duplicate newsrooms for /admin/companies/similar, computed outside any page view.
  // Outgoing webhooks: retries that came due (new messages start delivery right after their commit).
  "deliver-webhooks": { cron: "* * * * *", timezone: BERLIN, job: JOB.deliverWebhooks },
  "prune-webhook-messages": { cron: "0 5 * * *", timezone: BERLIN, job: JOB.pruneWebhookMessages },
  "similar-addresses": { cron: "20 5 * * *", timezone: BERLIN, job: JOB.computeSimilarAddresses },
  // Reactions to release lifecycle events that a crash or a failure left undone (lib/domains/releases/lifecycle).
  "deliver-lifecycle-events": { cron: "* * * * *", timezone: BERLIN, job: JOB.deliverLifecycleEvents },
  // WebSub (lib/adapters/public/websub): verifications, content deliveries and their retries that no dispatch after a commit ran.
  "websub-distribute": { cron: "* * * * *", timezone: BERLIN, job: JOB.websubDistribute },
  // WebSub: expired subscriptions and old verification and notification rows.
  "websub-prune": { cron: "55 4 * * *", timezone: BERLIN, job: JOB.websubPrune },
};
