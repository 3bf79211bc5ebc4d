import { AppError } from "@/lib/http/errors";
import { NewsletterSendingDisabledError } from "@/lib/newsletter/errors";
import { DEFAULT_STUCK_MINUTES, resumeCampaign } from "@/lib/newsletter/resume-campaign";
import type { ConsoleCommand } from "./registry";

const USAGE = [
  "newsletter:resume {campaign} [--failed] [--stuck-minutes=30]",
  "",
  "Re-enqueues a campaign that is sending: recipients claimed longer than --stuck-minutes ago",
  `(default ${DEFAULT_STUCK_MINUTES}; their job died) go back to pending and fresh send jobs start. A mail the`,
  "provider already took is not delivered twice (idempotency key). With --failed, failed recipients",
  "are tried again too.",
  "",
  "Exit codes: 0 resumed; 1 refused (sending switched off, campaign not sending) or failed; 2 wrong call.",
].join("\n");

const FLAGS = new Set(["failed", "stuck-minutes", "help"]);

export const newsletterResumeCommand: ConsoleCommand = {
  description: "Re-enqueue pending recipients of a running newsletter campaign.",
  usage: USAGE,
  async run(args, io) {
    if (args.flags["help"] === true) {
      io.out(USAGE);
      return 0;
    }
    const wrong = (message: string) => {
      io.err(`${message}\nUsage: ${USAGE.split("\n")[0]}`);
      return 2;
    };
    const unknown = Object.keys(args.flags).filter((f) => !FLAGS.has(f));
    if (unknown.length) return wrong(`Unknown option ${unknown.map((f) => `--${f}`).join(", ")}`);
    if (args.positional.length !== 1 || !/^[1-9]\d{0,9}$/.test(args.positional[0]!)) return wrong("Name one campaign by its id.");
    if (args.flags["failed"] !== undefined && args.flags["failed"] !== true) return wrong("--failed takes no value");
    const rawStuck = args.flags["stuck-minutes"];
    if (rawStuck !== undefined && (typeof rawStuck !== "string" || !/^\d{1,6}$/.test(rawStuck))) return wrong("--stuck-minutes must be a whole number of minutes, 0 or more");
    const campaignId = Number(args.positional[0]);
    try {
      const r = await resumeCampaign({ campaignId, failed: args.flags["failed"] === true, stuckMinutes: rawStuck === undefined ? DEFAULT_STUCK_MINUTES : Number(rawStuck) });
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
        io.err(`Campaign ${campaignId} is ${String(err.details?.["status"] ?? "not sending")}; only a campaign that is sending can be resumed.`);
        return 1;
      }
      throw err;
    }
  },
};
