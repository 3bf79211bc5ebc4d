import { db } from "@/lib/core/db/client";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { dueHosts, newLaneContext, runLane, type DeliveryTotals } from "./deliver";
import { fanOutDueNotifications } from "./fan-out";
import { MAX_IN_FLIGHT, MAX_LANES } from "./settings";
import { OutOfTime, withDb } from "./slots";
import { verifyPendingRequests } from "./verify-intent";

// One run of the hub's distributor (the job websub/distribute, dispatched after every commit that
// gives it work and every minute): verifies waiting requests, turns due notifications into
// deliveries and works the hosts' lanes (MAX_LANES at once, the host due longest first), picking
// up what arrives meanwhile, until nothing is due or its time is up. What is left (a slow host's
// queue, hosts that found no lane, retries due later) waits for the next run. Its database work
// takes the distributor's slots (slots.ts), never more than half the pool.

/** A run stops claiming after this; requests under way finish (15 s at most). */
export const RUN_BUDGET_MS = 30_000;
const POLL_MS = 250;

export interface HubRunResult extends DeliveryTotals {
  verified: number;
  verificationsFailed: number;
  topicsChanged: number;
}

async function hasPendingVerification(now: Date): Promise<boolean> {
  const [row] = await db.$queryRaw<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM websub_verifications WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ${now})) AS any`;
  return !!row?.any;
}

export async function runWebsubHub(opts: { now?: () => Date; budgetMs?: number } = {}): Promise<HubRunResult> {
  const clock = opts.now ?? (() => new Date());
  const ctx = newLaneContext(clock, Date.now() + (opts.budgetMs ?? RUN_BUDGET_MS), MAX_IN_FLIGHT);
  const result: HubRunResult = { verified: 0, verificationsFailed: 0, topicsChanged: 0, ...ctx.totals };
  const lanes = new Map<string, Promise<void>>();
  let verifying: Promise<void> | null = null;
  const step = <T>(work: () => Promise<T>) => withDb(ctx.deadline, work);
  let failure: unknown = null;
  try {
    for (;;) {
      const now = clock();
      if (!verifying && (await step(() => hasPendingVerification(now)))) {
        verifying = verifyPendingRequests({ now: clock, deadline: ctx.deadline })
          .then((v) => {
            result.verified += v.verified;
            result.verificationsFailed += v.failed;
          })
          .catch((err) => console.error("websub: verification:", errorSummary(err)))
          .finally(() => {
            verifying = null;
          });
      }
      const fanned = await fanOutDueNotifications(now, ctx.deadline);
      result.topicsChanged += fanned.changed.length;
      for (const host of await step(() => dueHosts(now, MAX_LANES - lanes.size, [...lanes.keys()]))) {
        lanes.set(
          host,
          runLane(host, ctx)
            .catch((err) => console.error(`websub: lane ${host}:`, errorSummary(err)))
            .finally(() => lanes.delete(host)),
        );
      }
      if ((!verifying && !lanes.size && !fanned.topics) || Date.now() >= ctx.deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (err) {
    // No database slot before the deadline ends the run as its time would; the lanes and
    // verifications under way finish either way.
    if (!(err instanceof OutOfTime)) failure = err;
  }
  await Promise.all([...lanes.values(), verifying]);
  if (failure) throw failure;
  return { ...result, ...ctx.totals };
}
