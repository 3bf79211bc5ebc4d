import { defineJob } from "@/lib/core/jobs/types";
import { JOB } from "@/lib/core/jobs/names";
import { purgeMailRecords } from "../retention";
import { deliverDueMail, deliverMailById } from "./deliver-mail";

/** One message, right after it was queued. Failures are recorded on the row, not retried by the runner. */
export const deliverMailJob = defineJob<{ outboxId: number }>({
  name: JOB.deliverMail,
  retries: 0,
  timeoutSeconds: 60,
  handler: async ({ outboxId }, { step }) => step.run("deliver", () => deliverMailById(Number(outboxId))),
});

/** Every minute: retries that are due, claims of dead workers, requests that were lost. */
export const deliverDueMailJob = defineJob({
  name: JOB.deliverDueMail,
  retries: 0,
  timeoutSeconds: 120,
  handler: async (_payload, { step }) => step.run("sweep", () => deliverDueMail({ budgetMs: 50_000 })),
});

/** Daily: finished mails after 30 days (lib/domains/mail/retention.ts); bounces go with model:prune. */
export const purgeMailRecordsJob = defineJob({
  name: JOB.purgeMailRecords,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("purge", () => purgeMailRecords()),
});
