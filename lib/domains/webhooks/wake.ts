import { getConfig } from "@/lib/core/config";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { errorSummary } from "@/lib/core/errors/error-summary";

// Who starts delivery after a message is committed. With Inngest the delivery job runs there;
// without it, this process runs the delivery lanes beside its request work (the local job queue
// works one job at a time, and a slow receiver must not hold up mail or checks).

const LANES = Symbol.for("pressdesk.webhookLanes");
const holder = globalThis as unknown as { [LANES]?: () => Promise<unknown> };

/** The delivery module offers its lane runner here; emitters never import the sender. */
export function provideWebhookLanes(run: () => Promise<unknown>): void {
  holder[LANES] = run;
}

export function wakeWebhookDelivery(): void {
  if (getConfig().jobs.inngestEventKey) {
    void dispatchJob(JOB.deliverWebhooks, {}).catch((err) => console.error("webhooks: dispatch failed:", errorSummary(err)));
    return;
  }
  const run = holder[LANES];
  // Many commits in one tick start one pass; lanes already running re-check on their own.
  if (!run || pending) return;
  pending = true;
  setImmediate(() => {
    pending = false;
    void run().catch((err) => console.error("webhooks: delivery failed:", errorSummary(err)));
  });
}

let pending = false;
