import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { purgeDrafts } from "./purge-drafts";

/** Daily: the press-releases:purge-drafts command with DRAFT_RETENTION_DAYS. */
export const purgeDraftsJob = defineJob({
  name: JOB.purgeDrafts,
  retries: 1,
  timeoutSeconds: 900,
  handler: async (_payload, { step }) =>
    step.run("purge", async () => {
      const r = await purgeDrafts();
      return { purged: r.purged.length, kept: r.kept.length, files: r.files };
    }),
});
