import { deliverDueMail } from "@/lib/mail/delivery/deliver-mail";
import { purgeMailRecords } from "@/lib/mail/retention";
import type { ConsoleCommand } from "./registry";

export const mailDeliverCommand: ConsoleCommand = {
  description: "Send every due mail of the outbox now (what the minute sweep does).",
  usage: "mail:deliver [--budget-seconds=50]",
  async run(args, io) {
    const raw = args.flags["budget-seconds"];
    const seconds = typeof raw === "string" ? Number(raw) : 50;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
      io.err("--budget-seconds must be a whole number from 1 to 3600");
      return 2;
    }
    const r = await deliverDueMail({ budgetMs: seconds * 1000 });
    const parts = Object.entries(r.outcomes).map(([k, v]) => `${k} ${v}`);
    io.out(`released ${r.released} stale claims; ${parts.length ? parts.join(", ") : "nothing due"}`);
    return 0;
  },
};

export const mailPurgeCommand: ConsoleCommand = {
  description: "Delete bounces older than 395 days and finished mails older than 30 days.",
  async run(_args, io) {
    const r = await purgeMailRecords();
    io.out(`deleted ${r.bounces} bounces, ${r.outbox} outbox mails, ${r.localMailbox} local-mailbox mails`);
    return 0;
  },
};
