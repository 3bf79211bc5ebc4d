import { randomBytes } from "node:crypto";
import * as Sentry from "@sentry/nextjs";
import { describe, expect, inject, it } from "vitest";
import { getConfig } from "@/lib/core/config";
import { AppError, SessionExpiredError } from "@/lib/core/errors/errors";
import { reportError, setErrorReporter } from "@/lib/core/http/problem";
import { apiRoute } from "@/lib/core/http/route";
import { envelopeLeaks, readEnvelopes, type ParsedEnvelope } from "@/tests/sentry-envelope-check";

// The error tracker end to end, through the SDK the service runs and the local transport the
// tests install (tests/setup.ts): what reaches the transport is what Sentry would receive.

const letters = () => [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

async function eventsMatching(marker: string): Promise<ParsedEnvelope[]> {
  await Sentry.flush(5000);
  return readEnvelopes(inject("sentryEnvelopeDir")).filter((e) =>
    e.items.some((i) => (i.type === "event" || i.type === "transaction") && JSON.stringify(i.payload).includes(marker)),
  );
}

const payloads = (envelopes: ParsedEnvelope[]) =>
  envelopes.flatMap((e) => e.items.filter((i) => i.type === "event").map((i) => i.payload as Record<string, unknown>));

describe("the error tracker in the tests", () => {
  it("receives an unexpected error with the release, and nothing personal in it", async () => {
    const marker = `probe${letters()}`;
    const token = `pd_${randomBytes(32).toString("base64url")}`;
    reportError(
      new Error(
        `${marker}: mail to presse@firma-${marker}.de failed for ${token} from 198.51.100.23 at https://hub.example.de/login?token=${token}`,
      ),
      { requestId: crypto.randomUUID() },
    );
    const found = await eventsMatching(marker);
    expect(found).toHaveLength(1);
    expect(envelopeLeaks(found)).toEqual([]);
    const [event] = payloads(found);
    expect(event).toMatchObject({ release: getConfig().app.version, level: "error" });
    expect(JSON.stringify(event)).toContain(`${marker}: mail to [email] failed for [token] from [ip] at https://hub.example.de/login`);
  });

  it("goes back to the tracker when a test's own reporter is removed", async () => {
    const marker = `probe${letters()}`;
    setErrorReporter(() => {});
    reportError(new Error(`${marker} swallowed`), { requestId: "r-00000001" });
    setErrorReporter(null);
    reportError(new Error(`${marker} reported`), { requestId: "r-00000002" });
    expect(payloads(await eventsMatching(marker)).map((e) => JSON.stringify(e).includes("reported"))).toEqual([true]);
  });

  it("sends 429 and 403 answers of the route wrapper as throttled signals per route pattern, never expected errors", async () => {
    const segment = letters();
    const route = `/api/v1/${segment}/[id]`;
    const throttled = apiRoute({ route }, async () => {
      throw new AppError("rate_limited", "Too many requests. Try again later.");
    });
    const refused = apiRoute({ route }, async () => {
      throw new AppError("api_access_missing", "No API access.");
    });
    const missing = apiRoute({ route }, async () => {
      throw new AppError("not_found", "Not found.");
    });
    const url = (n: number) =>
      `http://hub.localhost/api/v1/${segment}/${n}?token=${randomBytes(32).toString("base64url")}&email=presse%40firma.de`;
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, n) =>
        throttled(new Request(url(n), { headers: { "x-forwarded-for": "203.0.113.77", cookie: "pd_session=abc" } })),
      ),
      refused(new Request(url(1))),
      missing(new Request(url(2))),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(40).fill(429), 403, 404]);
    const found = await eventsMatching(segment);
    expect(envelopeLeaks(found)).toEqual([]);
    const events = payloads(found);
    const of = (signal: string) => events.filter((e) => (e.tags as Record<string, string>).signal === signal);
    expect(of("throttled")).toHaveLength(getConfig().observability.sentrySignalsPerMinute);
    expect(of("throttled")[0]).toMatchObject({
      level: "warning",
      fingerprint: ["throttled", "429", route],
      message: `throttled 429 ${route}`,
    });
    expect(of("access_refused")).toEqual([expect.objectContaining({ level: "info", fingerprint: ["access_refused", "403", route] })]);
    expect(events).toHaveLength(getConfig().observability.sentrySignalsPerMinute + 1);
  });

  it("counts a page whose session ended as the spec's 419", async () => {
    const segment = letters();
    const upload = apiRoute({ route: `/hub/${segment}/images/[imageId]` }, async () => {
      throw new SessionExpiredError();
    });
    const answer = await upload(new Request(`http://hub.localhost/hub/${segment}/images/42`, { method: "POST" }));
    expect(answer.status).toBe(419);
    expect(payloads(await eventsMatching(segment))).toEqual([
      expect.objectContaining({ level: "warning", fingerprint: ["page_expired", "419", `/hub/${segment}/images/[imageId]`] }),
    ]);
  });
});
