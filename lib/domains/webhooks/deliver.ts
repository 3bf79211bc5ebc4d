import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { sendOutbound } from "@/lib/core/http/outbound";
import { DELIVERY_TIMEOUT_MS, RESPONSE_LIMIT_BYTES, RETRY_DELAYS_MS } from "./backoff";
import { outboundPolicy } from "./endpoint-input";
import { recordAttempts, type AttemptOutcome } from "./record-attempt";
import { openSigningSecret } from "./secrets";
import { signedHeaders } from "./signing";
import { provideWebhookLanes } from "./wake";

// Delivery runs in lanes, one per endpoint: a lane claims its endpoint's due deliveries a few at a
// time and sends them, so a slow or failing receiver only ever holds up itself. Claims lock with
// SKIP LOCKED and lease the row for a minute (longer than one attempt), so two processes never send
// the same delivery at once and one that died mid-attempt is retried: at least once.

const LANE_BATCH = 8;
const LANE_CONCURRENCY = 4;
const MAX_LANES = 64;
// Longer than a batch can take (8 at 4 at once, 15 s each): no second process sends a row in flight.
const LEASE_SECONDS = 90;

export interface DeliverySummary {
  attempted: number;
  succeeded: number;
}

const lanes = new Map<number, Promise<void>>();
/** Endpoints whose last batch all failed, until when this process leaves them alone. */
const resting = new Map<number, number>();

// Lanes use at most half the connection pool at once: requests and other jobs keep the rest.
let freeDbSlots: number | null = null;
const slotWaiters: (() => void)[] = [];
async function withDbSlot<T>(work: () => Promise<T>): Promise<T> {
  freeDbSlots ??= Math.max(1, Math.floor(getConfig().database.poolSize / 2));
  if (freeDbSlots > 0) freeDbSlots -= 1;
  else await new Promise<void>((resolve) => slotWaiters.push(resolve));
  try {
    return await work();
  } finally {
    const next = slotWaiters.shift();
    if (next) next();
    else freeDbSlots += 1;
  }
}
const summary: DeliverySummary = { attempted: 0, succeeded: 0 };
// Bumped by every wake: a lane that found nothing re-checks if a wake came while it looked.
let wakes = 0;

export interface Claimed {
  id: number;
  message_id: string;
  attempts: number;
  /** The envelope exactly as recorded: the signed bytes. */
  body: string;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

async function claim(endpointId: number): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled AND e.deleted_at IS NULL
       ORDER BY d.next_attempt_at, d.id LIMIT ${LANE_BATCH} FOR UPDATE OF d SKIP LOCKED)
    UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      FROM due, webhook_messages m, webhook_endpoints e
     WHERE d.id = due.id AND m.id = d.message_id AND e.id = d.endpoint_id
    RETURNING d.id, d.message_id, d.attempts, m.payload::text AS body, e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at`;
}

/** The secrets that sign now: the current one, and the one rotated out within the last 24 hours. */
function secretsOf(row: Claimed, endpointId: number, now: Date): string[] {
  const secrets = [openSigningSecret(row.secret_sealed, endpointId)];
  if (row.previous_secret_sealed && row.previous_secret_expires_at && row.previous_secret_expires_at > now)
    secrets.push(openSigningSecret(row.previous_secret_sealed, endpointId));
  return secrets;
}

/** One attempt of one delivery: signed now and sent; the caller records it. */
async function attempt(endpointId: number, row: Claimed, trigger: AttemptOutcome["trigger"]): Promise<AttemptOutcome> {
  const at = new Date();
  const body = row.body;
  const headers = signedHeaders(row.message_id, at, body, secretsOf(row, endpointId, at));
  const result = await sendOutbound(
    { url: row.url, method: "POST", headers, body, timeoutMs: DELIVERY_TIMEOUT_MS, maxResponseBytes: RESPONSE_LIMIT_BYTES },
    outboundPolicy(),
  );
  const succeeded = result.kind === "response" && result.status >= 200 && result.status < 300;
  summary.attempted += 1;
  if (succeeded) summary.succeeded += 1;
  return { deliveryId: row.id, attempts: trigger === "manual" ? row.attempts : row.attempts + 1, result, succeeded, trigger, at };
}

/** A resend from the log: one attempt now, recorded beside the automatic schedule. */
export async function attemptDelivery(endpointId: number, row: Claimed): Promise<AttemptOutcome> {
  const outcome = await attempt(endpointId, row, "manual");
  await recordAttempts(endpointId, [outcome]);
  return outcome;
}

async function runLane(endpointId: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const seen = wakes;
    try {
      const batch = await withDbSlot(() => claim(endpointId));
      if (!batch.length) {
        if (seen === wakes) return;
        continue;
      }
      // The batch is sent a few at a time and recorded in one transaction.
      const outcomes: AttemptOutcome[] = [];
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const row = batch[next++]!;
          outcomes.push(await attempt(endpointId, row, row.attempts === 0 ? "first" : "retry"));
        }
      };
      await Promise.all(Array.from({ length: Math.min(LANE_CONCURRENCY, batch.length) }, worker));
      await withDbSlot(() => recordAttempts(endpointId, outcomes));
      // A receiver that failed a whole batch rests for its first retry's wait: its new messages
      // wait with it instead of taking the database from the lanes that deliver.
      if (outcomes.every((o) => !o.succeeded)) {
        resting.set(endpointId, Date.now() + RETRY_DELAYS_MS[0]);
        return;
      }
    } catch (err) {
      // The claimed rows keep their lease and come due again: a busy database costs time, not messages.
      console.error(`webhooks: lane of endpoint ${endpointId}:`, errorSummary(err));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** The endpoints with due deliveries, the longest waiting first (index probes per enabled endpoint). */
async function dueEndpoints(): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT e.id FROM webhook_endpoints e
      CROSS JOIN LATERAL (
        SELECT d.next_attempt_at FROM webhook_deliveries d
         WHERE d.endpoint_id = e.id AND d.status = 'pending' ORDER BY d.next_attempt_at LIMIT 1) first
     WHERE e.enabled AND e.deleted_at IS NULL AND first.next_attempt_at <= now()
     ORDER BY first.next_attempt_at LIMIT ${MAX_LANES}`;
  return rows.map((r) => r.id);
}

/**
 * Starts a lane for every endpoint with due deliveries that has none running in this process and
 * waits for the lanes it saw. `budgetMs` bounds how long a lane it starts keeps claiming.
 */
export async function deliverDueWebhooks(opts: { budgetMs?: number; wakeResting?: boolean } = {}): Promise<DeliverySummary> {
  wakes += 1;
  if (opts.wakeResting) resting.clear();
  const before = { ...summary };
  const deadline = Date.now() + (opts.budgetMs ?? 50_000);
  const running: Promise<void>[] = [];
  for (const endpointId of await dueEndpoints()) {
    if ((resting.get(endpointId) ?? 0) > Date.now()) continue;
    resting.delete(endpointId);
    let lane = lanes.get(endpointId);
    if (!lane) {
      lane = runLane(endpointId, deadline).finally(() => lanes.delete(endpointId));
      lanes.set(endpointId, lane);
    }
    running.push(lane);
  }
  await Promise.all(running);
  return { attempted: summary.attempted - before.attempted, succeeded: summary.succeeded - before.succeeded };
}

let retryTimer: { at: number; timer: NodeJS.Timeout } | null = null;

/**
 * Without Inngest this process delivers: after the lanes ran, a retry due within the minute (the
 * 5-second one) gets a timer, so it does not wait for the next scheduled sweep.
 */
async function deliverHere(): Promise<DeliverySummary> {
  const done = await deliverDueWebhooks();
  const [soonest] = await db.$queryRaw<{ wait_ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM min(d.next_attempt_at) - now()) * 1000)::int AS wait_ms
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.status = 'pending' AND d.next_attempt_at < now() + interval '60 seconds' AND e.enabled AND e.deleted_at IS NULL`;
  const wait = soonest?.wait_ms;
  if (wait === null || wait === undefined) return done;
  const at = Date.now() + Math.max(wait, 100);
  if (retryTimer && retryTimer.at <= at) return done;
  if (retryTimer) clearTimeout(retryTimer.timer);
  const timer = setTimeout(() => {
    retryTimer = null;
    void deliverHere().catch((err) => console.error("webhooks:", errorSummary(err)));
  }, at - Date.now());
  timer.unref();
  retryTimer = { at, timer };
  return done;
}

provideWebhookLanes(deliverHere);
