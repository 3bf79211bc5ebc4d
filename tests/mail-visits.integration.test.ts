import { NextRequest, type NextFetchEvent } from "next/server";
import { describe, expect, it } from "vitest";
import { mailVisitOf, recordMailVisit } from "@/lib/domains/analytics/mail-visits";
import { db } from "@/lib/core/db/client";
import { mailLink } from "@/lib/domains/mail/mail-links";
import { recordMailVisitLater } from "@/lib/adapters/middleware/mail-visit";
import { seedCompany, seedRelease } from "./factories";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("visits through mail links (conversion stage 1)", () => {
  it("reads ?src= and &pr= of our mail types only", () => {
    expect(mailVisitOf(new URL(mailLink("http://business.localhost/de/x", { src: "published", releaseId: 7 })))).toEqual({
      src: "published",
      pr: 7,
    });
    expect(mailVisitOf(new URL("http://hub.localhost/?src=anything"))).toBeNull();
    expect(mailVisitOf(new URL("http://hub.localhost/?src=newsletter&pr=99999999999"))).toEqual({ src: "newsletter", pr: null });
  });

  it("records the first visit once per client, link and day, with the release's click; crawlers do not count", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const draft = await seedRelease({ companyId: company.id });
    const visit = { src: "published", pr: release.id };
    expect(await recordMailVisit(visit, { clientKey: "client-a", userAgent: BROWSER })).toBe(true);
    expect(await recordMailVisit(visit, { clientKey: "client-a", userAgent: BROWSER })).toBe(false);
    expect(await recordMailVisit(visit, { clientKey: "client-b", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(
      false,
    );
    expect(await recordMailVisit({ src: "published", pr: 2_000_000_000 }, { clientKey: "client-c", userAgent: BROWSER })).toBe(true);
    // A crafted link naming a draft books a visit, but no click on the draft.
    expect(await recordMailVisit({ src: "published", pr: draft.id }, { clientKey: "client-d", userAgent: BROWSER })).toBe(true);

    const stage1 = await db.conversionEvent.findMany({ where: { stage: 1 }, orderBy: { id: "asc" } });
    expect(stage1.map((e) => [e.source, e.pressReleaseId, e.companyId])).toEqual([
      ["published", release.id, company.id],
      ["published", null, null],
      ["published", null, null],
    ]);
    expect(await db.pressReleaseEvent.count({ where: { type: "mail_click", pressReleaseId: release.id } })).toBe(1);
  });

  it("writes after the response: the middleware hands the write to waitUntil and returns at once", async () => {
    const pending: Promise<unknown>[] = [];
    const event = { waitUntil: (p: Promise<unknown>) => pending.push(p) } as unknown as NextFetchEvent;
    recordMailVisitLater(
      new NextRequest("http://hub.localhost/login?src=newsletter", { headers: { "user-agent": BROWSER, "x-forwarded-for": "10.9.8.7" } }),
      event,
    );
    recordMailVisitLater(new NextRequest("http://hub.localhost/login", { headers: { "user-agent": BROWSER } }), event);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(await db.conversionEvent.count({ where: { stage: 1, source: "newsletter" } })).toBe(1);
  });
});
