import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { operationalAlertMail } from "@/lib/domains/mail/templates/operational-alert";

// Operational alerts (spec 6.3): a mail to the operators and a JSON POST to a push-notification
// service. One key names one kind of trouble; while its cool-down runs, further alerts of that
// key are dropped, so a burst of failures pages an operator once, not once per failure.

export interface Alert {
  /** Stable name of the trouble ("mail_circuit_open"); the cool-down is per key. */
  key: string;
  subject: string;
  detail: string;
}

const PUSH_TIMEOUT_MS = 5000;

/**
 * Claims the alert for this caller when the key's cool-down has run out. One statement: of
 * concurrent callers, the first insert or update wins and the others find the fresh
 * `last_sent_at` (ON CONFLICT waits for the winner's row, then re-checks the WHERE).
 */
async function claimAlert(alert: Alert, cooldownMinutes: number): Promise<boolean> {
  const claimed = await db.$executeRaw`
    INSERT INTO operational_alerts (key, last_sent_at, last_detail, count)
    VALUES (${alert.key}, now(), ${alert.detail}, 1)
    ON CONFLICT (key) DO UPDATE SET last_sent_at = now(), last_detail = EXCLUDED.last_detail, count = operational_alerts.count + 1
    WHERE operational_alerts.last_sent_at <= now() - make_interval(mins => ${cooldownMinutes}::int)`;
  return claimed === 1;
}

async function mailAlert(to: string, alert: Alert): Promise<void> {
  const mail = await operationalAlertMail({
    subject: alert.subject,
    detail: alert.detail,
    key: alert.key,
    cooldownMinutes: getConfig().mail.alertCooldownMinutes,
  });
  // Several operators may be named, separated by commas.
  for (const address of to
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)) {
    await sendMail({ to: address, ...mail, mailType: "operational_alert" });
  }
}

async function pushAlert(url: string, alert: Alert, at: Date): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: alert.key, subject: alert.subject, detail: alert.detail, at: at.toISOString(), service: "pressdesk" }),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  // Drain the body so the connection is released.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`push service answered ${res.status}`);
}

const failure = (err: unknown) => (err instanceof Error ? err.message.trim().split("\n").at(-1) : String(err));

/**
 * Sends an alert unless one of the same key went out within ALERT_COOLDOWN_MINUTES. Never
 * throws: the trouble being reported must not be made worse by the report. Note that the mail
 * goes through the outbox, so while the mail circuit is open it waits with every other mail;
 * the push is the channel that still reaches someone then.
 */
export async function raiseAlert(alert: Alert): Promise<{ sent: boolean }> {
  const cfg = getConfig().mail;
  try {
    if (!(await claimAlert(alert, cfg.alertCooldownMinutes))) return { sent: false };
  } catch (err) {
    console.error(`alert ${alert.key} could not be recorded: ${failure(err)}`);
    return { sent: false };
  }
  console.warn(`alert ${alert.key}: ${alert.subject}: ${alert.detail}`);
  const at = new Date();
  await Promise.all([
    cfg.alertMailTo
      ? mailAlert(cfg.alertMailTo, alert).catch((err) => console.error(`alert ${alert.key}: mail failed: ${failure(err)}`))
      : undefined,
    cfg.alertPushUrl
      ? pushAlert(cfg.alertPushUrl, alert, at).catch((err) => console.error(`alert ${alert.key}: push failed: ${failure(err)}`))
      : undefined,
  ]);
  return { sent: true };
}
