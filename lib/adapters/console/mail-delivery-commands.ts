import { deliverDueMail } from "@/lib/domains/mail/delivery/deliver-mail";
import { purgeMailRecords } from "@/lib/domains/mail/retention";
import { defineCommand, wholeFlag, wrongCall } from "./registry";

const DELIVER_USAGE = "mail:deliver [--budget-seconds=50]";

export const mailDeliverCommand = defineCommand({
  description: "Send every due mail of the outbox now (what the minute sweep does).",
  usage: DELIVER_USAGE,
  flags: ["budget-seconds"],
  async run(args, io) {
    const seconds = wholeFlag(args, "budget-seconds", { min: 1, max: 3600 }) ?? 50;
    if (typeof seconds === "string") return wrongCall(io, DELIVER_USAGE, seconds);
    const r = await deliverDueMail({ budgetMs: seconds * 1000 });
    const parts = Object.entries(r.outcomes).map(([k, v]) => `${k} ${v}`);
    io.out(`released ${r.released} stale claims; ${parts.length ? parts.join(", ") : "nothing due"}`);
    return 0;
  },
});

export const mailPurgeCommand = defineCommand({
  description: "Delete finished mails (outbox, local mailbox) older than 30 days.",
  usage: "mail:purge",
  help: ["Bounces (395 days) are pruned by model:prune."],
  async run(_args, io) {
    const r = await purgeMailRecords();
    io.out(`deleted ${r.outbox} outbox mails, ${r.localMailbox} local-mailbox mails`);
    return 0;
  },
});
