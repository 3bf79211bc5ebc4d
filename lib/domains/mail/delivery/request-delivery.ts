import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";

/** Asks the job runner to deliver one outbox message; a failure here only delays it to the next sweep. */
export async function requestDelivery(outboxId: number): Promise<void> {
  await dispatchJob(JOB.deliverMail, { outboxId }, { key: `mail/${outboxId}` }).catch((err) =>
    console.warn(`mail ${outboxId}: delivery request failed, the sweep will take it:`, err instanceof Error ? err.message : err),
  );
}
