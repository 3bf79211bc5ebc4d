import { defineJob } from "@/lib/core/jobs/types";
import { JOB } from "@/lib/core/jobs/names";
import { checkIndexStatus } from "./check-index-status";
import { InspectionStopError } from "./types";

/** Daily: press-releases:check-index-status for both portals. A stopped run fails the job (it is seen and retried tomorrow). */
export const checkIndexStatusJob = defineJob({
  name: JOB.checkIndexStatus,
  retries: 0,
  timeoutSeconds: 3 * 60 * 60,
  handler: async (_payload, { step }) =>
    step.run("check", async () => {
      const r = await checkIndexStatus();
      if (r.outcome === "stopped") throw new InspectionStopError(r.message, r.reason);
      return { outcome: r.outcome, checked: "portals" in r ? r.portals.map((p) => ({ portal: p.portal, checked: p.picked.length })) : [] };
    }),
});
