import { aggregateViewsJob, purgeEventsJob } from "@/lib/analytics/jobs";
import { publishScheduledJob } from "@/lib/releases/publish-scheduled";
import { pruneExpiredTokensJob } from "@/lib/api-tokens/prune";
import { pruneAuthRecordsJob } from "@/lib/auth/prune-auth-records";
import { reviewJob } from "@/lib/review/review-job";
import { sweepReviewsJob } from "@/lib/review/sweep-reviews";
import { deliverDueMailJob, deliverMailJob, purgeMailRecordsJob } from "@/lib/mail/delivery/jobs";
import { newsletterSendJob } from "@/lib/newsletter/send-job";
import { expireGrandfatheringJob } from "@/lib/billing/grandfathering/expire-grandfathering";
import { runInvoicesJob } from "@/lib/billing/agreements/invoice-run";
import { storeProviderInvoiceJob, sweepProviderInvoicesJob } from "@/lib/billing/webhook/store-provider-invoice";
import { expireLapsedChangesJob } from "@/lib/releases/changes/expire-lapsed-changes";
import { purgeArchiveJob } from "@/lib/evidence/purge-archive";
import { retryPendingArchiveJob, sweepOrphanOriginalsJob } from "@/lib/images/maintenance/jobs";
import { opsWatchJob } from "@/lib/observability/watch-operations";
import { pruneFailedJobsJob, pruneModelJob } from "@/lib/retention/jobs";
import { purgeDraftsJob } from "@/lib/releases/maintenance/jobs";
import { checkIndexStatusJob } from "@/lib/seo/index-inspection/jobs";
import { sendIndexNowPingsJob } from "@/lib/seo/indexnow/jobs";
import { computeSimilarAddressesJob } from "@/lib/companies/email-groups/compute-similar-addresses";
import { deliverLifecycleEventsJob } from "@/lib/runtime/release-reactions";
import { heartbeatJob } from "./heartbeat";
import type { JobDefinition, Schedule } from "./types";

// Every job and schedule, in one place: Inngest functions and the local worker are both built
// from these lists, so the embedded default runs exactly what production runs.
export const JOBS: JobDefinition<never>[] = [heartbeatJob, opsWatchJob, reviewJob, publishScheduledJob, sweepReviewsJob, pruneExpiredTokensJob, pruneAuthRecordsJob, aggregateViewsJob, purgeEventsJob, deliverMailJob, deliverDueMailJob, purgeMailRecordsJob, newsletterSendJob, expireGrandfatheringJob, runInvoicesJob, storeProviderInvoiceJob, sweepProviderInvoicesJob, expireLapsedChangesJob, retryPendingArchiveJob, purgeArchiveJob, sweepOrphanOriginalsJob, pruneModelJob, pruneFailedJobsJob, purgeDraftsJob, checkIndexStatusJob, sendIndexNowPingsJob, computeSimilarAddressesJob, deliverLifecycleEventsJob] as JobDefinition<never>[];

const BERLIN = "Europe/Berlin";
export const SCHEDULES: Record<string, Schedule> = {
  "scheduler-heartbeat": { cron: "*/5 * * * *", timezone: BERLIN, job: heartbeatJob.name },
  "publish-scheduled": { cron: "* * * * *", timezone: BERLIN, job: publishScheduledJob.name },
  // Checks that never came and publications a business rule held up, before /health calls them overdue.
  "sweep-reviews": { cron: "*/5 * * * *", timezone: BERLIN, job: sweepReviewsJob.name },
  "prune-expired-tokens": { cron: "20 4 * * *", timezone: BERLIN, job: pruneExpiredTokensJob.name },
  "prune-auth-records": { cron: "25 4 * * *", timezone: BERLIN, job: pruneAuthRecordsJob.name },
  "aggregate-views": { cron: "*/10 * * * *", timezone: BERLIN, job: aggregateViewsJob.name },
  "purge-events": { cron: "50 3 * * *", timezone: BERLIN, job: purgeEventsJob.name },
  "deliver-due-mail": { cron: "* * * * *", timezone: BERLIN, job: deliverDueMailJob.name },
  "purge-mail-records": { cron: "35 4 * * *", timezone: BERLIN, job: purgeMailRecordsJob.name },
  // Spec 4.7: grandfathering ends at 04:15, before the invoice run, so no ended agreement is billed.
  "expire-grandfathering": { cron: "15 4 * * *", timezone: BERLIN, job: expireGrandfatheringJob.name },
  "run-invoices": { cron: "30 4 * * *", timezone: BERLIN, job: runInvoicesJob.name },
  // Paid provider invoices whose PDF or mail a lost job left behind.
  "sweep-provider-invoices": { cron: "*/15 * * * *", timezone: BERLIN, job: sweepProviderInvoicesJob.name },
  "expire-lapsed-changes": { cron: "*/10 * * * *", timezone: BERLIN, job: expireLapsedChangesJob.name },
  "retry-pending-archive": { cron: "*/5 * * * *", timezone: BERLIN, job: retryPendingArchiveJob.name },
  // Spec 4.7: weekly, Sunday 04:45.
  "sweep-orphan-originals": { cron: "45 4 * * 0", timezone: BERLIN, job: sweepOrphanOriginalsJob.name },
  // Spec 4.7: model:prune daily 04:05 (feed, crawler, conversion and bounce logs after 395 days).
  "prune-model": { cron: "5 4 * * *", timezone: BERLIN, job: pruneModelJob.name },
  // Spec 4.7, 8: failed jobs after 30 days.
  "prune-failed-jobs": { cron: "10 4 * * *", timezone: BERLIN, job: pruneFailedJobsJob.name },
  "purge-drafts": { cron: "40 4 * * *", timezone: BERLIN, job: purgeDraftsJob.name },
  // Spec 1.5: archive entries past their delete-after date that no hold keeps.
  "purge-archive": { cron: "50 4 * * *", timezone: BERLIN, job: purgeArchiveJob.name },
  // The operations watch (alerts); also run by GET /health and, embedded, by its own interval.
  "ops-watch": { cron: "*/5 * * * *", timezone: BERLIN, job: opsWatchJob.name },
  // Spec 4.7: the daily search-index check, after the night's maintenance, before the working day.
  "check-index-status": { cron: "10 5 * * *", timezone: BERLIN, job: checkIndexStatusJob.name },
  // IndexNow pings of committed publications, corrections and removals (lib/seo/indexnow).
  "send-indexnow-pings": { cron: "* * * * *", timezone: BERLIN, job: sendIndexNowPingsJob.name },
  // Spec 8: the likely duplicate newsrooms for /admin/companies/similar, computed outside any page view.
  "similar-addresses": { cron: "20 5 * * *", timezone: BERLIN, job: computeSimilarAddressesJob.name },
  // Reactions to release lifecycle events that a crash or a failure left undone (lib/releases/lifecycle).
  "deliver-lifecycle-events": { cron: "* * * * *", timezone: BERLIN, job: deliverLifecycleEventsJob.name },
};

export function findJob(name: string): JobDefinition<never> | undefined {
  return JOBS.find((job) => job.name === name);
}
