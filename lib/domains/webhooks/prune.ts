import { db } from "@/lib/core/db/client";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";

/** How long messages, their deliveries and the delivery log are kept: long enough to replay three days and read a month back. */
export const WEBHOOK_RETENTION_DAYS = 30;

/**
 * Deletes messages older than the retention with their deliveries and attempts, in batches, so a
 * release's text that was later removed does not stay with us (nor can be resent) for ever.
 */
export async function pruneWebhookMessages(now = new Date()): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const n = await db.$executeRaw`
      DELETE FROM webhook_messages WHERE id IN (SELECT id FROM webhook_messages WHERE created_at < ${before} LIMIT 1000)`;
    deleted += n;
    if (n < 1000) return { deleted };
  }
}

export const pruneWebhookMessagesJob = defineJob({
  name: JOB.pruneWebhookMessages,
  retries: 1,
  timeoutSeconds: 600,
  handler: async (_payload, { step }) => step.run("prune", () => pruneWebhookMessages()),
});
