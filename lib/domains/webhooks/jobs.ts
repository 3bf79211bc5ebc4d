import { getConfig } from "@/lib/core/config";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { deliverDueWebhooks } from "./deliver";
import { wakeWebhookDelivery } from "./wake";

/**
 * Every minute, and after each commit when Inngest runs the jobs: the deliveries that are due.
 * The local queue works one job at a time, so there the lanes run beside it instead of inside it.
 */
export const deliverWebhooksJob = defineJob({
  name: JOB.deliverWebhooks,
  retries: 0,
  timeoutSeconds: 120,
  handler: async (_payload, { step }) => {
    if (!getConfig().jobs.inngestEventKey) {
      wakeWebhookDelivery();
      return { started: true };
    }
    return step.run("deliver", () => deliverDueWebhooks({ budgetMs: 50_000 }));
  },
});
