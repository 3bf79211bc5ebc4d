import { describe, expect, it } from "vitest";
import type { ErrorEvent, TransactionEvent } from "@sentry/core";
import { AppError, QuotaExceededException } from "@/lib/core/errors/errors";
import { isExpectedError, sentryOptions } from "./options";
import { KIND_CAP_FACTOR, signalThrottle } from "./signal-throttle";

const config = {
  app: { version: "2026.11.3" },
  observability: {
    sentryDsn: "https://public@sentry.example/1",
    sentryEnvironment: "production",
    sentryTracesSampleRate: 0,
    sentrySignalsPerMinute: 10,
  },
} as Parameters<typeof sentryOptions>[0];

describe("sentryOptions", () => {
  it("names the application version as the release (spec 9) and sends no personal data by default", () => {
    const options = sentryOptions(config);
    expect(options).toMatchObject({
      dsn: "https://public@sentry.example/1",
      environment: "production",
      release: "2026.11.3",
      sendDefaultPii: false,
    });
    expect(options.tracesSampleRate).toBeUndefined();
    expect(sentryOptions({ ...config, observability: { ...config.observability, sentryTracesSampleRate: 0.25 } }).tracesSampleRate).toBe(
      0.25,
    );
  });

  it("drops expected errors and filters the rest, transactions and breadcrumbs alike", async () => {
    const { beforeSend, beforeSendTransaction, beforeBreadcrumb } = sentryOptions(config);
    const event = () => ({ message: "mail to presse@firma.de failed", request: { url: "https://hub.example/x?token=abc" } }) as ErrorEvent;
    expect(await beforeSend!(event(), { originalException: new QuotaExceededException() })).toBeNull();
    expect(
      await beforeSend!(event(), {
        originalException: Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/login;307;" }),
      }),
    ).toBeNull();
    expect(await beforeSend!(event(), { originalException: new Error("db down") })).toMatchObject({
      message: "mail to [email] failed",
      request: { url: "https://hub.example/x" },
    });
    expect(await beforeSendTransaction!({ type: "transaction", transaction: "GET /a?b=c" } as TransactionEvent, {})).toMatchObject({
      transaction: "GET /a",
    });
    expect(beforeBreadcrumb!({ category: "fetch", data: { url: "http://127.0.0.1:3000/?x=1" } })).toEqual({
      category: "fetch",
      data: { url: "http://[ip]:3000/" },
    });
  });

  it("counts AppErrors of 5xx and unknown errors as unexpected", () => {
    expect(isExpectedError(new AppError("internal", "x"))).toBe(false);
    expect(isExpectedError(new AppError("not_found", "x"))).toBe(true);
    expect(isExpectedError(Object.assign(new Error("x"), { digest: "NEXT_HTTP_ERROR_FALLBACK;404" }))).toBe(true);
    expect(isExpectedError(new Error("x"))).toBe(false);
  });
});

describe("signalThrottle", () => {
  it("lets at most perMinute through per key, refills over the minute and counts what it held back", () => {
    let now = 0;
    const throttle = signalThrottle(3, { now: () => now });
    const take = () => throttle.take("throttled", "throttled 429 /api/v1/releases");
    const flood = Array.from({ length: 50 }, () => take().ok);
    expect(flood.filter(Boolean)).toHaveLength(3);
    expect(throttle.take("access_refused", "access_refused 403 /api/v1/releases").ok).toBe(true);
    now += 20_000;
    expect(take()).toEqual({ ok: true, suppressed: 47 });
    expect(take().ok).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => take().ok)).toEqual([true, true, true, false]);
  });

  it("forgets the oldest key beyond its bound", () => {
    const throttle = signalThrottle(1, { maxKeys: 2, now: () => 0 });
    const take = (key: string) => throttle.take("throttled", key).ok;
    expect([take("a"), take("b"), take("c")]).toEqual([true, true, true]);
    expect(take("c")).toBe(false);
  });

  // The attacker varies the key (a new route, or keys cycled past the bound so their buckets start
  // full again): one kind still sends at most KIND_CAP_FACTOR × perMinute a minute, and the other
  // kinds keep their own allowance.
  it("caps each kind per minute across all keys, however many keys a flood spreads over", () => {
    let now = 0;
    const throttle = signalThrottle(10, { maxKeys: 50, now: () => now });
    const spread = (minute: number) =>
      Array.from({ length: 5_000 }, (_, n) => throttle.take("throttled", `throttled 429 /r${minute}-${n}`).ok).filter(Boolean).length;
    expect(spread(0)).toBe(10 * KIND_CAP_FACTOR);
    expect(throttle.take("access_refused", "access_refused 403 /api/v1/releases/[id]").ok).toBe(true);
    now += 60_000;
    expect(spread(1)).toBe(10 * KIND_CAP_FACTOR);
    now += 30_000;
    expect(spread(2)).toBe((10 * KIND_CAP_FACTOR) / 2);
  });
});
