import { getCacheStore } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import type { IndexNowReason } from "@/lib/generated/prisma/client";
import { getSiteHosts, PORTALS } from "@/lib/domains/sites";
import { indexNowKey, indexNowKeyLocation } from "./indexnow-key";

const LOCK_KEY = "lock:indexnow-send";
const LOCK_TTL_MS = 5 * 60_000;
/** IndexNow takes up to 10,000 addresses per request. */
const MAX_URLS = 10_000;
/** A busy (429) or failing (5xx, unreachable) endpoint is tried again by later runs, this often in all. */
export const INDEXNOW_MAX_ATTEMPTS = 5;
const REQUEST_TIMEOUT_MS = 15_000;

export interface SendResult {
  sent: number;
  recorded: number;
  failed: number;
  /** Left pending for a later run. */
  retrying: number;
  /** Due but their release no longer public: nothing sent. */
  dropped: number;
  locked?: true;
}

type Outcome = { status: "sent" | "failed" | "retry"; httpStatus: number | null; error: string | null };

async function post(endpoint: string, body: unknown): Promise<Outcome> {
  try {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { status: "sent", httpStatus: res.status, error: null };
    // 429 asks us to slow down and 5xx is theirs: later. 400/403/422 (bad request, key not
    // verified, addresses not of this host) will not change by retrying.
    const transient = res.status === 429 || res.status >= 500;
    return { status: transient ? "retry" : "failed", httpStatus: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    return { status: "retry", httpStatus: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 300) };
  }
}

type DuePing = { id: number; url: string; attempts: number; reason: IndexNowReason; pressReleaseId: number };

/**
 * Of the due pings, those that may go now. A publish or correction goes only while its release
 * is served (public, past its embargo) at this moment, whatever was true when it was queued:
 * one whose release is still under embargo (its time moved later) waits for that time, one whose
 * release left the public is dropped. A removal goes as queued.
 */
async function deliverableNow(due: DuePing[], now: Date, result: SendResult): Promise<DuePing[]> {
  const releaseIds = [...new Set(due.filter((p) => p.reason !== "removal").map((p) => p.pressReleaseId))];
  if (!releaseIds.length) return due;
  const served = new Set(
    (await db.pressRelease.findMany({ where: { id: { in: releaseIds }, ...publiclyVisibleReleaseWhere(now) }, select: { id: true } })).map(
      (r) => r.id,
    ),
  );
  const embargoed = await db.pressRelease.findMany({
    where: { id: { in: releaseIds.filter((id) => !served.has(id)) }, ...publiclyVisibleReleaseWhere(now), publishedAt: { gt: now } },
    select: { id: true, publishedAt: true },
  });
  for (const r of embargoed)
    await db.indexNowPing.updateMany({
      where: { pressReleaseId: r.id, status: "pending", reason: { not: "removal" } },
      data: { dueAt: r.publishedAt! },
    });
  const waiting = new Set(embargoed.map((r) => r.id));
  const gone = due
    .filter((p) => p.reason !== "removal" && !served.has(p.pressReleaseId) && !waiting.has(p.pressReleaseId))
    .map((p) => p.id);
  if (gone.length)
    result.dropped += (
      await db.indexNowPing.updateMany({
        where: { id: { in: gone }, status: "pending" },
        data: { status: "dropped", error: "not public when due" },
      })
    ).count;
  return due.filter((p) => p.reason === "removal" || served.has(p.pressReleaseId));
}

/**
 * Sends the due pending pings, one IndexNow request per portal host ({host, key, keyLocation,
 * urlList}), and records each row's outcome. With INDEXNOW_ENDPOINT `local` (the embedded
 * default, no network) they are marked `recorded` and nothing is sent. One run at a time.
 */
export async function sendIndexNowPings(opts: { limit?: number; now?: Date } = {}): Promise<SendResult> {
  const result: SendResult = { sent: 0, recorded: 0, failed: 0, retrying: 0, dropped: 0 };
  const store = getCacheStore();
  const token = await store.acquireLock(LOCK_KEY, LOCK_TTL_MS, { acrossInstances: true });
  if (!token) return { ...result, locked: true };
  try {
    const { endpoint } = getConfig().seo.indexNow;
    const hosts = getSiteHosts();
    const now = opts.now ?? new Date();
    const due = await db.indexNowPing.findMany({
      where: { status: "pending", dueAt: { lte: now } },
      orderBy: { id: "asc" },
      take: opts.limit ?? MAX_URLS,
      select: { id: true, url: true, attempts: true, reason: true, pressReleaseId: true },
    });
    const pending = await deliverableNow(due, now, result);
    for (const portal of PORTALS) {
      const origin = `${hosts.protocol}://${hosts[portal]}/`;
      const rows = pending.filter((p) => p.url.startsWith(origin));
      if (!rows.length) continue;
      const ids = rows.map((r) => r.id);
      if (endpoint === "local") {
        const { count } = await db.indexNowPing.updateMany({
          where: { id: { in: ids }, status: "pending" },
          data: { status: "recorded", sentAt: now },
        });
        result.recorded += count;
        continue;
      }
      const outcome = await post(endpoint, {
        host: hosts[portal],
        key: indexNowKey(portal),
        keyLocation: indexNowKeyLocation(portal, hosts),
        urlList: [...new Set(rows.map((r) => r.url))],
      });
      await recordOutcome(rows, outcome, now, result);
    }
    return result;
  } finally {
    await store.releaseLock(LOCK_KEY, token);
  }
}

async function recordOutcome(rows: { id: number; attempts: number }[], outcome: Outcome, now: Date, result: SendResult): Promise<void> {
  if (outcome.status !== "retry") {
    const { count } = await db.indexNowPing.updateMany({
      where: { id: { in: rows.map((r) => r.id) }, status: "pending" },
      data: { status: outcome.status, httpStatus: outcome.httpStatus, error: outcome.error, sentAt: now, attempts: { increment: 1 } },
    });
    result[outcome.status] += count;
    return;
  }
  // Out of attempts: failed for good; the others wait for the next run.
  const spent = rows.filter((r) => r.attempts + 1 >= INDEXNOW_MAX_ATTEMPTS).map((r) => r.id);
  const again = rows.filter((r) => r.attempts + 1 < INDEXNOW_MAX_ATTEMPTS).map((r) => r.id);
  if (spent.length)
    result.failed += (
      await db.indexNowPing.updateMany({
        where: { id: { in: spent }, status: "pending" },
        data: { status: "failed", httpStatus: outcome.httpStatus, error: outcome.error, sentAt: now, attempts: { increment: 1 } },
      })
    ).count;
  if (again.length)
    result.retrying += (
      await db.indexNowPing.updateMany({
        where: { id: { in: again }, status: "pending" },
        data: { httpStatus: outcome.httpStatus, error: outcome.error, attempts: { increment: 1 } },
      })
    ).count;
}
