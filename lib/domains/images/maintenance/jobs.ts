import { runPendingArchiveJobs } from "@/lib/domains/evidence/pending-jobs";
import { defineJob } from "@/lib/core/jobs/types";
import { JOB } from "@/lib/core/jobs/names";
import { sweepOrphanOriginals } from "./sweep-orphan-originals";

// Scheduled work of images and their evidence (lib/runtime/jobs/catalog.ts names the times).

export const sweepOrphanOriginalsJob = defineJob({
  name: JOB.sweepOrphanOriginals,
  retries: 1,
  timeoutSeconds: 600,
  handler: async (_payload, { step }) => step.run("sweep", () => sweepOrphanOriginals({})),
});

/** The evidence of newly public images and retries of failed archive jobs. */
export const retryPendingArchiveJob = defineJob({
  name: JOB.retryPendingArchive,
  retries: 0,
  timeoutSeconds: 240,
  handler: async (_payload, { step }) => step.run("archive", () => runPendingArchiveJobs({})),
});
