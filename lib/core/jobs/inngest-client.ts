import { Inngest } from "inngest";

// One client for the whole app. Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY, which
// the SDK reads itself; without them jobs run on the local queue instead (lib/core/jobs/dispatch).
export const inngest = new Inngest({ id: "pressdesk" });
