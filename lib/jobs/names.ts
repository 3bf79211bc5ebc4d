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
} as const;
