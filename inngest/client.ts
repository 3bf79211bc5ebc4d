// The one Inngest client lives in lib/core/jobs (dispatch sends through it); functions import it here.
export { inngest } from "@/lib/core/jobs/inngest-client";
