// The one Inngest client lives in lib/jobs (dispatch sends through it); functions import it here.
export { inngest } from "@/lib/jobs/inngest-client";
