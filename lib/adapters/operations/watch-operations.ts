import { db } from "@/lib/core/db/client";
import { SCHEDULER_HEARTBEAT } from "@/lib/core/jobs/heartbeat";
import { JOB } from "@/lib/core/jobs/names";
import type { WebhookFailureKind, WebhookSource } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/core/jobs/types";
import { CIRCUIT_ALERT_KEY, circuitState } from "@/lib/domains/mail/circuit-breaker";
import { raiseAlert } from "@/lib/domains/mail/operational-alerts";
import { checkHealth, HEALTH_CHECKS, HEALTH_LIMITS, type CheckResult, type HealthReport } from "./health";
import { countWebhookFailures, pruneWebhookFailures, WEBHOOK_FAILURE_LIMITS, type WebhookFailureCount } from "./webhook-failures";

// The operations watch (spec 6.3): evaluates the conditions an operator must hear of and raises
// one alert per kind through raiseAlert, whose per-key cool-down keeps a lasting condition to
// one alert per ALERT_COOLDOWN_MINUTES however often the watch runs. Thresholds are the health
// checks' own (one place per rule); the watch only decides which failing check pages someone.
// A silent scheduler cannot report itself, so the watch runs from three places: its schedule,
// GET /health (the uptime monitor's call) and, on the embedded default, a plain interval.

export const ALERT_KEYS = {
  queueBacklog: "queue_backlog",
  schedulerSilent: "scheduler_silent",
  /** The circuit breaker raises this key itself when it trips; the watch repeats it while the circuit stays open. */
  mailCircuitOpen: CIRCUIT_ALERT_KEY,
  mailBacklog: "mail_backlog",
  // One key per webhook source and kind, each with its own cool-down: signature refusals, which
  // any stranger can cause with a forged POST, never hold back the alert that signed deliveries
  // fail to process. The keys are a fixed set (enum x enum): no request can add one.
  stripeWebhookProcessing: "webhook_failures:stripe:processing",
  stripeWebhookSignature: "webhook_failures:stripe:signature",
  resendWebhookProcessing: "webhook_failures:resend:processing",
  resendWebhookSignature: "webhook_failures:resend:signature",
} as const;
export type AlertKey = (typeof ALERT_KEYS)[keyof typeof ALERT_KEYS];

export interface WatchFinding {
  key: AlertKey;
  /** The condition holds: an alert was raised (sent, or held back by the cool-down). */
  firing: boolean;
  detail: string;
  /** An alert went out on this run; false while the key's cool-down runs. */
  sent: boolean;
  /** The condition could not be evaluated (the database is down: /health answers 503 then). */
  error?: string;
}

interface WatchContext {
  checks: Record<string, CheckResult>;
  /** Read once, by the two mail rules; a failed read fails those rules only. */
  circuit: ReturnType<typeof circuitState>;
  /** The webhook failure counts of the window, read once for the four webhook rules. */
  webhookCounts: () => Promise<WebhookFailureCount[]>;
}
type Verdict = { fire: false; detail: string } | { fire: true; subject: string; detail: string };
const ok = (detail: string): Verdict => ({ fire: false, detail });
const fire = (subject: string, detail: string): Verdict => ({ fire: true, subject, detail });

const WATCHED_CHECKS = ["queue", "overdue", "scheduler", "mail"] as const;
const PROCESS_STARTED_AT = Date.now() - process.uptime() * 1000;
const failed = (ctx: WatchContext, name: string) => ctx.checks[name]?.status === "fail";
const detailOf = (ctx: WatchContext, name: string) => ctx.checks[name]?.detail ?? "no detail";

const RULES: Record<AlertKey, (ctx: WatchContext) => Promise<Verdict>> = {
  /** Embedded queue old or large; on Inngest (queue not visible) the overdue-work check. */
  async queue_backlog(ctx) {
    const failing = ["queue", "overdue"].filter((name) => failed(ctx, name));
    if (!failing.length) return ok(`queue: ${detailOf(ctx, "queue")}; overdue: ${detailOf(ctx, "overdue")}`);
    return fire(
      "Job backlog",
      `${failing.map((name) => `${name}: ${detailOf(ctx, name)}`).join("; ")}. Jobs are not being worked off: check the worker (embedded) or the Inngest dashboard.`,
    );
  },

  /**
   * Heartbeat older than the limit. A heartbeat never recorded counts once the service has been
   * running longer than the limit (this process, or the first job run it recorded): a fresh
   * install is not silent, it has not had its first beat yet.
   */
  async scheduler_silent(ctx) {
    if (!failed(ctx, "scheduler")) return ok(detailOf(ctx, "scheduler"));
    const [row] = await db.$queryRaw<{ beat: Date | null; since: Date | null }[]>`
      SELECT (SELECT last_run_at FROM job_heartbeats WHERE name = ${SCHEDULER_HEARTBEAT}) AS beat, (SELECT min(first_run_at) FROM job_heartbeats) AS since`;
    if (!row?.beat) {
      const runningMinutes = (Date.now() - Math.min(PROCESS_STARTED_AT, row?.since?.getTime() ?? Infinity)) / 60_000;
      if (runningMinutes <= HEALTH_LIMITS.heartbeatMaxAgeMinutes)
        return ok(`no heartbeat yet, running for ${Math.round(runningMinutes)} min`);
    }
    return fire(
      "Scheduler silent",
      `${detailOf(ctx, "scheduler")} (limit ${HEALTH_LIMITS.heartbeatMaxAgeMinutes} min). Scheduled work (publishing, mail sweep, invoices) is not running: check the Inngest cron functions or the process that runs the local scheduler.`,
    );
  },

  async mail_circuit_open(ctx) {
    const circuit = await ctx.circuit;
    if (!circuit.halted) return ok("closed");
    return fire(
      "Mail sending halted",
      `Sending is halted until ${circuit.openUntil?.toISOString()}${circuit.reason ? `: ${circuit.reason}` : ""}. It resumes by itself; "npm run cli -- mail:circuit --close" resumes it now.`,
    );
  },

  /** Due mail left waiting while the circuit is closed (an open circuit holds mail on purpose and has its own alert). */
  async mail_backlog(ctx) {
    if ((await ctx.circuit).halted) return ok("held back by the open circuit breaker");
    if (!failed(ctx, "mail")) return ok(detailOf(ctx, "mail"));
    return fire(
      "Mail waiting",
      `${detailOf(ctx, "mail")}. The delivery sweep (mail/deliver-due) is not getting mail out: check the mail provider and the job runner.`,
    );
  },

  [ALERT_KEYS.stripeWebhookProcessing]: webhookRule("stripe", "error"),
  [ALERT_KEYS.stripeWebhookSignature]: webhookRule("stripe", "signature"),
  [ALERT_KEYS.resendWebhookProcessing]: webhookRule("resend", "error"),
  [ALERT_KEYS.resendWebhookSignature]: webhookRule("resend", "signature"),
};

const WEBHOOK_SOURCE_NAMES: Record<WebhookSource, { name: string; secret: string }> = {
  stripe: { name: "Stripe", secret: "STRIPE_WEBHOOK_SECRET" },
  resend: { name: "Resend", secret: "RESEND_WEBHOOK_SECRET" },
};

/** One source's failures of one kind within the window, against that kind's threshold. */
function webhookRule(source: WebhookSource, kind: WebhookFailureKind): (ctx: WatchContext) => Promise<Verdict> {
  return async (ctx) => {
    const { windowMinutes, errors, signatures } = WEBHOOK_FAILURE_LIMITS;
    const threshold = kind === "error" ? errors : signatures;
    const c = (await ctx.webhookCounts()).find((x) => x.source === source && x.kind === kind);
    const { name, secret } = WEBHOOK_SOURCE_NAMES[source];
    if (!c || c.count < threshold) return ok(`${source} ${kind}: ${c?.count ?? 0} in ${windowMinutes} min (alert at ${threshold})`);
    return kind === "error"
      ? fire(
          `${name} webhooks fail to process`,
          `Within ${windowMinutes} minutes: ${c.count} signed ${name} deliveries failed to process (last: ${c.lastDetail ?? "no detail"}).`,
        )
      : fire(
          `${name} webhook signatures refused`,
          `Within ${windowMinutes} minutes: ${c.count} ${name} deliveries refused for their signature. A stranger probing the address causes this too; if it lasts, a rotated signing secret (${secret}) refuses every real event.`,
        );
  };
}

async function evaluate(key: AlertKey, ctx: WatchContext): Promise<WatchFinding> {
  try {
    const verdict = await RULES[key](ctx);
    if (!verdict.fire) return { key, firing: false, detail: verdict.detail, sent: false };
    const { sent } = await raiseAlert({ key, subject: verdict.subject, detail: verdict.detail });
    return { key, firing: true, detail: verdict.detail, sent };
  } catch (err) {
    const error = err instanceof Error ? err.message.split("\n")[0]! : String(err);
    console.error(`operations watch: ${key} not evaluated: ${error}`);
    return { key, firing: false, detail: "not evaluated", sent: false, error };
  }
}

/**
 * Runs every rule once. Pass the report of a health check just made (GET /health) to reuse it;
 * otherwise the checks the rules read run here. Never throws for a failing rule: its finding
 * carries the error, and the other rules still run.
 */
export async function watchOperations(options: { report?: HealthReport } = {}): Promise<{ findings: WatchFinding[] }> {
  const checks =
    options.report?.checks ?? (await checkHealth(Object.fromEntries(WATCHED_CHECKS.map((name) => [name, HEALTH_CHECKS[name]!])))).checks;
  const circuit = circuitState();
  circuit.catch(() => undefined); // awaited (and reported) by the mail rules
  let webhookCounts: Promise<WebhookFailureCount[]> | undefined;
  const ctx: WatchContext = {
    checks,
    circuit,
    webhookCounts: () => (webhookCounts ??= countWebhookFailures(WEBHOOK_FAILURE_LIMITS.windowMinutes)),
  };
  const findings: WatchFinding[] = [];
  // One after another: gentle on the embedded database's single connection.
  for (const key of Object.values(ALERT_KEYS)) findings.push(await evaluate(key, ctx));
  // The failure counts have served their purpose after a month; every run keeps them trimmed.
  await pruneWebhookFailures().catch(() => undefined);
  return { findings };
}

export const opsWatchJob = defineJob({
  name: JOB.opsWatch,
  retries: 0,
  timeoutSeconds: 60,
  handler: async (_payload, { step }) => step.run("watch-operations", () => watchOperations()),
});
