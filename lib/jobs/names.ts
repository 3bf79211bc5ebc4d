// Job event names in a leaf module: domain code dispatches by name without importing the catalog.
export const JOB = {
  heartbeat: "scheduler/heartbeat",
  review: "release/review",
  publishScheduled: "releases/publish-scheduled",
  pruneExpiredTokens: "tokens/prune-expired",
  pruneAuthRecords: "auth/prune",
  aggregateViews: "analytics/aggregate-views",
  purgeEvents: "analytics/purge-events",
  deliverMail: "mail/deliver",
  deliverDueMail: "mail/deliver-due",
  purgeMailRecords: "mail/purge",
  newsletterSend: "newsletter/send",
  expireGrandfathering: "billing/expire-grandfathering",
  runInvoices: "billing/run-invoices",
  storeProviderInvoice: "billing/store-provider-invoice",
  sweepProviderInvoices: "billing/sweep-provider-invoices",
  expireLapsedChanges: "releases/expire-lapsed-changes",
} as const;
