import { defineJob } from "@/lib/core/jobs/types";
import { JOB } from "@/lib/core/jobs/names";
import { sendIndexNowPings } from "./send-indexnow-pings";

/** Every minute: the pings recorded by committed changes (publish, correction, removal) go out. */
export const sendIndexNowPingsJob = defineJob({
  name: JOB.sendIndexNowPings,
  retries: 0,
  timeoutSeconds: 120,
  handler: async (_payload, { step }) => step.run("send", () => sendIndexNowPings()),
});
