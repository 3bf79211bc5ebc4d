import { about } from "./about";
import {
  aggregateViewsCommand,
  publishScheduled,
  pruneExpiredTokensCommand,
  purgeEventsCommand,
  reindexSearchCommand,
  sweepReviewsCommand,
} from "./release-commands";
import { mailCheckDomainsCommand } from "./domain-commands";
import {
  companiesMergeCommand,
  companiesRestoreCommand,
  companiesSimilarAddressesCommand,
  companiesUnmergeCommand,
  membershipsApiAssignmentsCommand,
  membershipsAuditCommand,
  membershipsResyncAutoCommand,
} from "./company-commands";
import { mailCircuitCommand, mailIngestDsnCommand } from "./mail-commands";
import { mailDeliverCommand, mailPurgeCommand } from "./mail-delivery-commands";
import { newsletterResumeCommand } from "./newsletter-commands";
import { expireGrandfatheringCommand, grandfatherSubscriptionsCommand, runInvoicesCommand, settleUnpaidCommand } from "./billing-commands";
import {
  archiveExportCommand,
  archiveKeysCommand,
  archivePurgeCommand,
  archiveReregisterCommand,
  archiveRetryPendingCommand,
  archiveSweepOrphansCommand,
  archiveVerifyExportCommand,
} from "./archive-commands";
import { backfillConfirmationsCommand, purgeInactiveLegacyCommand, sweepOrphanOriginalsCommand } from "./image-commands";
import { categoriesSeedDescriptionsCommand } from "./category-commands";
import { conversionFunnelCommand } from "./report-commands";
import { opsWatchCommand } from "./ops-commands";
import {
  assignCanonicalsCommand,
  backfillPublishedEverCommand,
  duplicatesReportCommand,
  hashContentCommand,
  modelPruneCommand,
  purgeDraftsCommand,
  queuePruneFailedCommand,
} from "./maintenance-commands";
import { checkIndexStatusCommand } from "./index-commands";
import { issueReceiptsCommand, rotateReceiptKeyCommand } from "./receipt-commands";
import { fulltextArchiveCommand, fulltextSweepCommand, onlineAlterCommand } from "./db-commands";
import type { ConsoleCommand } from "./registry";
import { resetSecondFactorCommand } from "./user-commands";

/** Every console command by name; `npm run cli -- list` prints them. */
export const COMMANDS: Record<string, ConsoleCommand> = {
  about,
  "press-releases:publish-scheduled": publishScheduled,
  "press-releases:sweep-reviews": sweepReviewsCommand,
  "press-releases:reindex-search": reindexSearchCommand,
  "press-releases:aggregate-views": aggregateViewsCommand,
  "press-releases:purge-events": purgeEventsCommand,
  "press-releases:check-index-status": checkIndexStatusCommand,
  "tokens:prune-expired": pruneExpiredTokensCommand,
  "mail:deliver": mailDeliverCommand,
  "mail:purge": mailPurgeCommand,
  "mail:check-domains": mailCheckDomainsCommand,
  "mail:ingest-dsn": mailIngestDsnCommand,
  "mail:circuit": mailCircuitCommand,
  "newsletter:resume": newsletterResumeCommand,
  "companies:merge": companiesMergeCommand,
  "companies:unmerge": companiesUnmergeCommand,
  "companies:restore": companiesRestoreCommand,
  "companies:similar-addresses": companiesSimilarAddressesCommand,
  "company-memberships:audit": membershipsAuditCommand,
  "company-memberships:resync-auto": membershipsResyncAutoCommand,
  "company-memberships:api-assignments": membershipsApiAssignmentsCommand,
  "billing:expire-grandfathering": expireGrandfatheringCommand,
  "billing:run-invoices": runInvoicesCommand,
  "legacy:settle-unpaid": settleUnpaidCommand,
  "legacy:grandfather-subscriptions": grandfatherSubscriptionsCommand,
  "press-release-images:sweep-orphan-originals": sweepOrphanOriginalsCommand,
  "press-release-images:purge-inactive-legacy": purgeInactiveLegacyCommand,
  "image-rights:backfill-confirmations": backfillConfirmationsCommand,
  "archive:retry-pending": archiveRetryPendingCommand,
  "archive:sweep-orphans": archiveSweepOrphansCommand,
  "archive:purge": archivePurgeCommand,
  "archive:reregister": archiveReregisterCommand,
  "archive:export": archiveExportCommand,
  "archive:verify-export": archiveVerifyExportCommand,
  "archive:keys": archiveKeysCommand,
  "conversion:funnel": conversionFunnelCommand,
  "categories:seed-descriptions": categoriesSeedDescriptionsCommand,
  "db:online-alter": onlineAlterCommand,
  "fulltext:archive": fulltextArchiveCommand,
  "fulltext:sweep": fulltextSweepCommand,
  "queue:prune-failed": queuePruneFailedCommand,
  "model:prune": modelPruneCommand,
  "press-releases:purge-drafts": purgeDraftsCommand,
  "press-releases:hash-content": hashContentCommand,
  "press-releases:assign-canonicals": assignCanonicalsCommand,
  "press-releases:duplicates-report": duplicatesReportCommand,
  "press-releases:backfill-published-ever": backfillPublishedEverCommand,
  "press-releases:issue-receipts": issueReceiptsCommand,
  "receipts:rotate-key": rotateReceiptKeyCommand,
  "ops:watch": opsWatchCommand,
  "users:reset-second-factor": resetSecondFactorCommand,
};
