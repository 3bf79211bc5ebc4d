import { describe, expect, it, vi } from "vitest";
import { recordBeaconView } from "@/lib/domains/analytics/fetches";
import { db } from "@/lib/core/db/client";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { seedCompany, seedRelease } from "@/tests/factories";

// The policies keyed by client address, at the entry points a stranger reaches: the CSP report
// endpoint, the view beacon and the passkey sign-in start (a server action, so its request
// headers are stood in for).

let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => new Map() }));

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const from = (address: string, extra: Record<string, string> = {}) => new Headers({ "x-forwarded-for": address, ...extra });

describe("CSP reports endpoint", () => {
  it("answers 429 with Retry-After in seconds to the 61st request of a minute, before reading the body", async () => {
    const { POST } = await import("@/app/csp-report/route");
    const post = (address: string) =>
      POST(
        new Request("http://hub.localhost/csp-report", {
          method: "POST",
          headers: from(address, { "content-type": "application/csp-report" }),
          body: "{not json",
        }),
      );
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push(await post("192.0.2.20"));
    expect(statuses.slice(0, 60).map((r) => r.status)).toEqual(Array(60).fill(400));
    expect(statuses[60]!.status).toBe(429);
    const retryAfter = Number(statuses[60]!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await post("192.0.2.21")).status).toBe(400);
  });
});

describe("CSP reports endpoint, body size", () => {
  it("stops reading a body without a declared length at 64 KiB: 413, the rest never read", async () => {
    const { POST } = await import("@/app/csp-report/route");
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const res = await POST(
      new Request("http://hub.localhost/csp-report", {
        method: "POST",
        headers: from("192.0.2.22", { "content-type": "application/csp-report" }),
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });
});

describe("view beacon", () => {
  it("books 10 views per client and release an hour, then books nothing; other clients and releases still count", async () => {
    const company = await seedCompany();
    const live = () => seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const [release, other] = [await live(), await live()];
    const reader = clientKeyOf(from("192.0.2.30"));
    const view = (pressReleaseId: number, clientKey = reader) =>
      recordBeaconView({ pressReleaseId, portal: "business", userAgent: CHROME, clientKey });
    const booked = [];
    for (let i = 0; i < 11; i++) booked.push(await view(release.id));
    expect(booked).toEqual([...Array(10).fill(true), false]);
    expect(await view(other.id)).toBe(true);
    expect(await view(release.id, clientKeyOf(from("192.0.2.31")))).toBe(true);
    expect(await db.pressReleaseEvent.count({ where: { pressReleaseId: release.id, type: "view" } })).toBe(11);
  });

  it("books nothing more for a client that sent 300 beacons this hour, made-up release ids included", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const flooder = clientKeyOf(from("192.0.2.33"));
    const view = (pressReleaseId: number, clientKey = flooder) =>
      recordBeaconView({ pressReleaseId, portal: "business", userAgent: CHROME, clientKey });
    for (let i = 0; i < 300; i++) await view(2_000_000_000 - i);
    expect(await view(release.id)).toBe(false);
    expect(await view(release.id, clientKeyOf(from("192.0.2.34")))).toBe(true);
  });

  it("answers the same pixel over the limit, never an error", async () => {
    const { GET } = await import("@/app/portal/[portal]/seen/[id]/route");
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const get = () =>
      GET(new Request(`http://business.localhost/seen/${release.id}`, { headers: from("192.0.2.32", { "user-agent": CHROME }) }), {
        params: Promise.resolve({ portal: "business", id: String(release.id) }),
      });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await get());
    const pixels = await Promise.all(
      answers.map(async (r) => [r.status, r.headers.get("content-type"), Buffer.from(await r.arrayBuffer()).toString("base64")].join(" ")),
    );
    expect(new Set(pixels).size).toBe(1);
    expect(answers[11]!.status).toBe(200);
    // Outside a Next request the booking runs right after the answer; it settles at 10.
    await vi.waitFor(async () =>
      expect(await db.pressReleaseEvent.count({ where: { pressReleaseId: release.id, type: "view" } })).toBe(10),
    );
  });
});

describe("passkey sign-in start", () => {
  it("gives a client 30 starts a minute, then a German message the login form shows", async () => {
    const { startPasskeySignIn } = await import("@/app/hub/login/actions");
    requestHeaders = from("192.0.2.40");
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await startPasskeySignIn());
    expect(results.slice(0, 30).every((r) => "handle" in r)).toBe(true);
    expect(results[30]).toEqual({ ok: false, message: "Zu viele Anmeldeversuche. Bitte warten Sie einen Moment." });
    requestHeaders = from("192.0.2.41");
    expect("handle" in (await startPasskeySignIn())).toBe(true);
  });
});
