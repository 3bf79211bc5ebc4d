import { Cron } from "croner";
import { getConfig } from "@/lib/core/config";
import type { AppVersionSource } from "@/lib/core/config/app-version";
import { db } from "@/lib/core/db/client";
import { SCHEDULES } from "@/lib/core/jobs/schedules";
import { circuitState } from "@/lib/domains/mail/circuit-breaker";
import { failedMailWhere, maskedRecipient } from "@/lib/domains/mail/failed-mail";
import { mailTypeLabel } from "@/lib/domains/mail/mail-types";
import { describeCron } from "@/lib/core/observability/cron-words";
import { checkHealth, type HealthReport } from "./health";
import { countWebhookFailures, WEBHOOK_FAILURE_LIMITS, type WebhookFailureCount } from "./webhook-failures";

// Everything the system-status page (/admin/system) shows, read in one place: version, mode,
// the health checks of GET /health, the schedules with their last runs, the mail circuit, the
// latest operational alerts and the webhook failures.

export interface ScheduleStatus {
  id: string;
  job: string;
  cron: string;
  timezone: string;
  words: string;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  lastOkAt: Date | null;
  lastFailedAt: Date | null;
  lastError: string | null;
}

export interface SystemStatus {
  version: string;
  versionSource: AppVersionSource;
  mode: string;
  jobsRunOn: "Inngest" | "local";
  health: HealthReport;
  schedules: ScheduleStatus[];
  circuit: Awaited<ReturnType<typeof circuitState>>;
  alerts: { key: string; lastSentAt: Date; count: number; lastDetail: string | null }[];
  alertChannels: { mail: boolean; push: boolean; cooldownMinutes: number };
  webhookFailures: { day: WebhookFailureCount[]; windowMinutes: number; recent: WebhookFailureCount[] };
  /** Mails the sender gave up on lately, newest first. */
  failedMails: { id: number; to: string; kind: string; attempts: number; lastError: string | null; createdAt: Date }[];
}

const ALERTS_SHOWN = 20;
const FAILED_MAILS_SHOWN = 20;
const DAY_MINUTES = 24 * 60;

function nextRun(cron: string, timezone: string): Date | null {
  try {
    return new Cron(cron, { timezone, paused: true }).nextRun();
  } catch {
    return null;
  }
}

export async function loadSystemStatus(): Promise<SystemStatus> {
  const { app, jobs, mail } = getConfig();
  // The health checks first and alone: they time their own queries.
  const health = await checkHealth();
  const jobNames = [...new Set(Object.values(SCHEDULES).map((s) => s.job))];
  const runs = await db.jobHeartbeat.findMany({ where: { name: { in: jobNames } } });
  const runOf = new Map(runs.map((r) => [r.name, r]));
  const schedules = Object.entries(SCHEDULES).map(([id, s]): ScheduleStatus => {
    const run = runOf.get(s.job);
    return {
      id,
      job: s.job,
      cron: s.cron,
      timezone: s.timezone,
      words: describeCron(s.cron),
      nextRunAt: nextRun(s.cron, s.timezone),
      lastRunAt: run?.lastRunAt ?? null,
      lastOkAt: run?.lastOkAt ?? null,
      lastFailedAt: run?.lastFailedAt ?? null,
      lastError: run?.lastError ?? null,
    };
  });
  const circuit = await circuitState();
  const alerts = await db.operationalAlert.findMany({
    orderBy: { lastSentAt: "desc" },
    take: ALERTS_SHOWN,
    select: { key: true, lastSentAt: true, count: true, lastDetail: true },
  });
  // The kind and a masked address, never the subject: it can name an unpublished release or a legal case.
  const failedMails = (
    await db.mailOutbox.findMany({
      where: failedMailWhere(),
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: FAILED_MAILS_SHOWN,
      select: { id: true, to: true, mailType: true, attempts: true, lastError: true, createdAt: true },
    })
  ).map(({ to, mailType, ...m }) => ({ ...m, to: maskedRecipient(to), kind: mailTypeLabel(mailType) }));
  const day = await countWebhookFailures(DAY_MINUTES);
  const recent = await countWebhookFailures(WEBHOOK_FAILURE_LIMITS.windowMinutes);
  return {
    version: app.version,
    versionSource: app.versionSource,
    mode: app.mode,
    jobsRunOn: jobs.inngestEventKey ? "Inngest" : "local",
    health,
    schedules,
    circuit,
    alerts,
    alertChannels: { mail: Boolean(mail.alertMailTo), push: Boolean(mail.alertPushUrl), cooldownMinutes: mail.alertCooldownMinutes },
    webhookFailures: { day, windowMinutes: WEBHOOK_FAILURE_LIMITS.windowMinutes, recent },
    failedMails,
  };
}
