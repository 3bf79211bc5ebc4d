import { db } from "@/lib/core/db/client";
import type { WebhookFailureKind, WebhookSource } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { scrubExcerpt } from "@/lib/core/observability/scrub-text";

// Failed incoming webhooks (Stripe payments, Resend delivery events). Two kinds are counted:
// - error: a signed delivery we failed to process (500); the sender retries, but a payment or a
//   bounce is stuck until someone looks.
// - signature: a delivery refused for a missing or wrong signature (400). One now and then is a
//   stranger probing the URL; many in a row usually mean the secret was rotated on one side
//   only, and then every real event is refused. An operator must hear of that, so these count
//   too, with a higher threshold and an alert key of their own per source (watch-operations.ts):
//   a stranger causes at most one signature alert per cool-down and never holds back the
//   alert for failed processing.
// Counted per source, kind and minute (one row per minute, not per request), so a flood of
// forged requests cannot grow the table faster than the clock.

export const WEBHOOK_FAILURE_LIMITS = {
  windowMinutes: 15,
  /** Processing failures within the window that raise the alert. */
  errors: 3,
  /** Signature refusals within the window that raise the alert. */
  signatures: 10,
  /** Rows older than this are deleted by the operations watch. */
  keepDays: 30,
};

const MAX_DETAIL_CHARS = 300;

/** Both receivers answer 400 only for a missing or wrong signature; 404 (not configured) and 413 are no failure of ours. */
function kindOf(err: unknown): WebhookFailureKind | null {
  if (!(err instanceof AppError)) return "error";
  if (err.code === "bad_request") return "signature";
  return err.status >= 500 ? "error" : null;
}

/** The first line of the message through the privacy filter (a bounce names its recipient), cut after masking. */
function detailOf(err: unknown): string {
  const message = err instanceof Error ? err.message.split("\n")[0]! : String(err);
  return scrubExcerpt(message, MAX_DETAIL_CHARS);
}

export async function recordWebhookFailure(source: WebhookSource, kind: WebhookFailureKind, detail: string): Promise<void> {
  await db.$executeRaw`
    INSERT INTO webhook_failures (source, kind, minute, count, last_at, last_detail)
    VALUES (${source}::"WebhookSource", ${kind}::"WebhookFailureKind", date_trunc('minute', now()), 1, now(), ${detail})
    ON CONFLICT (source, kind, minute) DO UPDATE SET count = webhook_failures.count + 1, last_at = EXCLUDED.last_at, last_detail = EXCLUDED.last_detail`;
}

/**
 * Runs a webhook receiver and counts its failure before passing the error on unchanged (the
 * sender gets the same answer). Recording is best-effort: it never changes that answer.
 */
export async function observeWebhook<T>(source: WebhookSource, receive: () => Promise<T>): Promise<T> {
  try {
    return await receive();
  } catch (err) {
    const kind = kindOf(err);
    if (kind)
      await recordWebhookFailure(source, kind, detailOf(err)).catch((e: unknown) =>
        console.error(`webhook ${source}: failure not counted: ${detailOf(e)}`),
      );
    throw err;
  }
}

export interface WebhookFailureCount {
  source: WebhookSource;
  kind: WebhookFailureKind;
  count: number;
  lastAt: Date;
  lastDetail: string | null;
}

/** Failures per source and kind within the last `minutes`, with the latest one's time and detail. */
export async function countWebhookFailures(minutes: number): Promise<WebhookFailureCount[]> {
  const rows = await db.$queryRaw<
    { source: WebhookSource; kind: WebhookFailureKind; count: bigint; last_at: Date; last_detail: string | null }[]
  >`
    SELECT DISTINCT ON (source, kind) source, kind,
      sum(count) OVER (PARTITION BY source, kind) AS count, last_at, last_detail
    FROM webhook_failures
    WHERE minute > date_trunc('minute', now()) - make_interval(mins => ${minutes}::int)
    ORDER BY source, kind, last_at DESC`;
  return rows.map((r) => ({ source: r.source, kind: r.kind, count: Number(r.count), lastAt: r.last_at, lastDetail: r.last_detail }));
}

/** Drops counts older than WEBHOOK_FAILURE_LIMITS.keepDays. */
export async function pruneWebhookFailures(): Promise<number> {
  return db.$executeRaw`DELETE FROM webhook_failures WHERE minute < now() - make_interval(days => ${WEBHOOK_FAILURE_LIMITS.keepDays}::int)`;
}
