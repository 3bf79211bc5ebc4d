import { getConfig } from "@/lib/core/config";
import { watchOperations } from "@/lib/adapters/operations/watch-operations";
import { defineCommand } from "./registry";

// ops:watch: the operations watch by hand, the same function the ops/watch schedule, GET /health
// and the embedded interval run. A firing alert is a finding, not a failure of the command
// (exit 0); a rule that could not be evaluated is a technical failure (exit 1).

const STATE_WIDTH = 24;

export const opsWatchCommand = defineCommand({
  description: "Evaluate the operational alerts now and send those that fire (per-key cool-down).",
  usage: "ops:watch",
  help: [
    "Rules: queue_backlog, scheduler_silent, mail_circuit_open, mail_backlog, webhook_failures:<stripe|resend>:<processing|signature>",
    "(docs/operations.md, Alerts).",
    "A firing rule sends its alert by mail (ALERT_MAIL_TO) and JSON POST (ALERT_PUSH_URL) unless its key",
    "was sent within ALERT_COOLDOWN_MINUTES; then it is reported as held back.",
  ],
  async run(_args, io) {
    const { findings } = await watchOperations();
    const keyWidth = Math.max(...findings.map((f) => f.key.length)) + 2;
    for (const f of findings) {
      const state = f.error ? "not evaluated" : !f.firing ? "ok" : f.sent ? "ALERT sent" : "ALERT held (cool-down)";
      io.out(`${f.key.padEnd(keyWidth)}${state.padEnd(STATE_WIDTH)}${f.error ?? f.detail}`);
    }
    const { alertMailTo, alertPushUrl, alertCooldownMinutes } = getConfig().mail;
    io.out(
      `channels: mail ${alertMailTo ? "on" : "off (ALERT_MAIL_TO unset)"}, push ${alertPushUrl ? "on" : "off (ALERT_PUSH_URL unset)"}; cool-down ${alertCooldownMinutes} min`,
    );
    const broken = findings.filter((f) => f.error);
    if (broken.length) {
      io.err(`${broken.length} rule${broken.length > 1 ? "s" : ""} could not be evaluated.`);
      return 1;
    }
    return 0;
  },
});
