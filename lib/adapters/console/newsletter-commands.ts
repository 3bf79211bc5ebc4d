import { AppError } from "@/lib/core/errors/errors";
import { NewsletterSendingDisabledError } from "@/lib/domains/newsletter/errors";
import { DEFAULT_STUCK_MINUTES, resumeCampaign } from "@/lib/domains/newsletter/resume-campaign";
import { bareFlag, defineCommand, wholeFlag, wrongCall } from "./registry";

const USAGE = "newsletter:resume {campaign} [--failed] [--stuck-minutes=30]";

export const newsletterResumeCommand = defineCommand({
  description: "Re-enqueue pending recipients of a running newsletter campaign.",
  usage: USAGE,
  help: [
    "",
    "Re-enqueues a campaign that is sending: recipients claimed longer than --stuck-minutes ago",
    `(default ${DEFAULT_STUCK_MINUTES}; their job died) go back to pending and fresh send jobs start. A mail the`,
    "provider already took is not delivered twice (idempotency key). With --failed, failed recipients",
    "are tried again too. Refused (exit 1): sending switched off, or the campaign is not sending.",
  ],
  flags: ["failed", "stuck-minutes"],
  maxPositional: 1,
  async run(args, io) {
    const wrong = (reason: string) => wrongCall(io, USAGE, reason);
    if (args.positional.length !== 1 || !/^[1-9]\d{0,9}$/.test(args.positional[0]!)) return wrong("Name one campaign by its id.");
    const failed = bareFlag(args, "failed");
    if (typeof failed === "string") return wrong(failed);
    const stuck = wholeFlag(args, "stuck-minutes", { min: 0, max: 999_999 });
    if (typeof stuck === "string") return wrong(stuck);
    const campaignId = Number(args.positional[0]);
    try {
      const r = await resumeCampaign({ campaignId, failed, stuckMinutes: stuck ?? DEFAULT_STUCK_MINUTES });
      if (r.returnedToDraft) {
        io.out(`campaign ${campaignId} had no frozen recipients (its start did not finish): back to draft; start it again`);
        return 0;
      }
      io.out(`campaign ${campaignId}: released ${r.released} stuck claims, retrying ${r.retried} failed, enqueued ${r.jobs} send jobs`);
      return 0;
    } catch (err) {
      if (err instanceof NewsletterSendingDisabledError) {
        io.err("Newsletter sending is switched off (NEWSLETTER_SENDING_ENABLED=false); nothing was changed.");
        return 1;
      }
      if (err instanceof AppError && err.code === "not_found") return wrong(`There is no campaign ${campaignId}.`);
      if (err instanceof AppError && err.code === "conflict") {
        io.err(
          `Campaign ${campaignId} is ${String(err.details?.["status"] ?? "not sending")}; only a campaign that is sending can be resumed.`,
        );
        return 1;
      }
      throw err;
    }
  },
});
