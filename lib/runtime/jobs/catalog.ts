import { aggregateViewsJob, purgeEventsJob } from "@/lib/domains/analytics/jobs";
import { publishScheduledJob } from "@/lib/domains/releases/publish-scheduled";
import { pruneExpiredTokensJob } from "@/lib/domains/api-tokens/prune";
import { pruneAuthRecordsJob } from "@/lib/domains/auth/prune-auth-records";
import { reviewJob } from "@/lib/domains/review/review-job";
import { sweepReviewsJob } from "@/lib/domains/review/sweep-reviews";
import { deliverDueMailJob, deliverMailJob, purgeMailRecordsJob } from "@/lib/domains/mail/delivery/jobs";
import { newsletterSendJob } from "@/lib/domains/newsletter/send-job";
import { expireGrandfatheringJob } from "@/lib/domains/billing/grandfathering/expire-grandfathering";
import { runInvoicesJob } from "@/lib/domains/billing/agreements/invoice-run";
import { storeProviderInvoiceJob, sweepProviderInvoicesJob } from "@/lib/domains/billing/webhook/store-provider-invoice";
import { expireLapsedChangesJob } from "@/lib/domains/paid-changes/expire-lapsed-changes";
import { purgeArchiveJob } from "@/lib/domains/evidence/purge-archive";
import { retryPendingArchiveJob, sweepOrphanOriginalsJob } from "@/lib/domains/images/maintenance/jobs";
import { opsWatchJob } from "@/lib/adapters/operations/watch-operations";
import { pruneFailedJobsJob, pruneModelJob } from "@/lib/domains/retention/jobs";
import { purgeDraftsJob } from "@/lib/domains/releases/maintenance/jobs";
import { checkIndexStatusJob } from "@/lib/adapters/public/seo/index-inspection/jobs";
import { sendIndexNowPingsJob } from "@/lib/adapters/public/seo/indexnow/jobs";
import { computeSimilarAddressesJob } from "@/lib/domains/companies/email-groups/compute-similar-addresses";
import { deliverLifecycleEventsJob } from "@/lib/runtime/release-reactions";
import { deliverWebhooksJob } from "@/lib/domains/webhooks/jobs";
import { pruneWebhookMessagesJob } from "@/lib/domains/webhooks/prune";
import { websubDistributeJob, websubPruneJob } from "@/lib/adapters/public/websub/jobs";
import { heartbeatJob } from "@/lib/core/jobs/heartbeat";
import type { JobDefinition } from "@/lib/core/jobs/types";
export { SCHEDULES } from "@/lib/core/jobs/schedules";

// Every job and schedule, in one place: Inngest functions and the local worker are both built
// from these lists, so the embedded default runs exactly what production runs.
export const JOBS: JobDefinition<never>[] = [
  heartbeatJob,
  opsWatchJob,
  reviewJob,
  publishScheduledJob,
  sweepReviewsJob,
  pruneExpiredTokensJob,
  pruneAuthRecordsJob,
  aggregateViewsJob,
  purgeEventsJob,
  deliverMailJob,
  deliverDueMailJob,
  purgeMailRecordsJob,
  newsletterSendJob,
  expireGrandfatheringJob,
  runInvoicesJob,
  storeProviderInvoiceJob,
  sweepProviderInvoicesJob,
  expireLapsedChangesJob,
  retryPendingArchiveJob,
  purgeArchiveJob,
  sweepOrphanOriginalsJob,
  pruneModelJob,
  pruneFailedJobsJob,
  purgeDraftsJob,
  checkIndexStatusJob,
  sendIndexNowPingsJob,
  computeSimilarAddressesJob,
  deliverLifecycleEventsJob,
  deliverWebhooksJob,
  pruneWebhookMessagesJob,
  websubDistributeJob,
  websubPruneJob,
] as JobDefinition<never>[];

export function findJob(name: string): JobDefinition<never> | undefined {
  return JOBS.find((job) => job.name === name);
}
