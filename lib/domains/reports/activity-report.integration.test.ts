import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { loadSubjectViews, subjectKey } from "./activity-subjects";
import { loadActivityPerDay } from "./activity-per-day";
import { decodeCursor, encodeCursor, loadActivityReport, parseActivityQuery, searchTsQuery, type ActivityQuery } from "./activity-report";
import { rangeOf } from "./report-range";

// The report against rows as the writers leave them, old names included. Each test works in
// its own days of 2001, so the tests of this file do not see each other's rows.

const NONE: ActivityQuery = { type: null, fromDay: null, toDay: null, q: "", before: null, after: null };
const at = (iso: string) => new Date(iso);

async function insert(
  rows: {
    type: string;
    createdAt: Date;
    actorUserId?: number | null;
    subjectType?: string;
    subjectId?: string;
    result?: string;
    reason?: string;
    path?: string;
  }[],
) {
  await db.activityLog.createMany({ data: rows.map((r) => ({ actorUserId: null, ...r })) });
}

/** Every row the query finds, page after page through the older cursor. */
async function allPages(query: ActivityQuery, pageSize: number) {
  const seen: bigint[] = [];
  let before: ActivityQuery["before"] = null;
  for (let i = 0; i < 50; i++) {
    const page = await loadActivityReport({ ...query, before, after: null }, { pageSize });
    seen.push(...page.rows.map((r) => r.id));
    if (!page.older) return seen;
    before = decodeCursor(page.older);
  }
  throw new Error("no end of pages");
}

describe("activity report", () => {
  it("filters by type and finds the rows written under the type's old names", async () => {
    const actor = await seedUser();
    await insert([
      { type: "Login", createdAt: at("2001-01-10T08:00:00Z"), actorUserId: actor.id, path: "password" },
      { type: ACTIVITY.userLoggedIn, createdAt: at("2001-01-10T09:00:00Z"), actorUserId: actor.id, path: "login_link" },
      { type: ACTIVITY.userRegistered, createdAt: at("2001-01-10T10:00:00Z"), actorUserId: actor.id, path: "form" },
      { type: "form_intake", createdAt: at("2001-01-10T11:00:00Z"), path: "cancellation" },
      { type: "FormIntake", createdAt: at("2001-01-10T12:00:00Z"), path: "newsletter_signup" },
      { type: ACTIVITY.formIntake, createdAt: at("2001-01-10T13:00:00Z"), path: "contact" },
    ]);
    const day = { fromDay: "2001-01-10", toDay: "2001-01-10" };
    const logins = await loadActivityReport({ ...NONE, ...day, type: ACTIVITY.userLoggedIn });
    expect(logins.rows.map((r) => [r.storedType, r.type, r.label, r.path])).toEqual([
      [ACTIVITY.userLoggedIn, ACTIVITY.userLoggedIn, "Anmeldung", "login_link"],
      ["Login", ACTIVITY.userLoggedIn, "Anmeldung", "password"],
    ]);
    expect((await loadActivityReport({ ...NONE, ...day, type: ACTIVITY.formIntake })).rows.map((r) => r.path)).toEqual([
      "contact",
      "newsletter_signup",
      "cancellation",
    ]);
    expect((await loadActivityReport({ ...NONE, ...day })).rows).toHaveLength(6);
  });

  it("keeps to the time range in German days, both ends included", async () => {
    await insert([
      // 23:30 UTC on 31 Jan is 00:30 on 1 Feb in Berlin.
      { type: ACTIVITY.paymentReceived, createdAt: at("2001-01-31T23:30:00Z"), reason: "range-a" },
      { type: ACTIVITY.paymentReceived, createdAt: at("2001-01-31T22:30:00Z"), reason: "range-b" },
      { type: ACTIVITY.paymentReceived, createdAt: at("2001-02-02T22:59:00Z"), reason: "range-c" },
      { type: ACTIVITY.paymentReceived, createdAt: at("2001-02-02T23:00:00Z"), reason: "range-d" },
    ]);
    const page = await loadActivityReport({ ...NONE, fromDay: "2001-02-01", toDay: "2001-02-02" });
    expect(page.rows.map((r) => r.reason)).toEqual(["range-c", "range-a"]);
    // Swapped days are the same range.
    expect((await loadActivityReport({ ...NONE, fromDay: "2001-02-02", toDay: "2001-02-01" })).rows.map((r) => r.reason)).toEqual([
      "range-c",
      "range-a",
    ]);
    expect((await loadActivityReport({ ...NONE, fromDay: "2001-02-03", toDay: null })).rows.map((r) => r.reason)).toContain("range-d");
  });

  it("searches subject, reason and path by word prefix, and the actor's address and name", async () => {
    const ada = await seedUser({ email: `${unique("ada")}@lovelace.example`, name: "Ada Rechenwerk" });
    const other = await seedUser({ name: "Grace Someone" });
    await insert([
      {
        type: ACTIVITY.agreementBillingHoldPlaced,
        createdAt: at("2001-03-01T10:00:00Z"),
        actorUserId: other.id,
        subjectType: "agreement",
        subjectId: "98765",
        reason: "Kunde insolvent",
      },
      {
        type: ACTIVITY.releaseStatusChanged,
        createdAt: at("2001-03-01T11:00:00Z"),
        subjectType: "press_release",
        subjectId: "424242",
        result: "rejected",
        reason: "rejected: Werbesprache",
      },
      {
        type: ACTIVITY.userLoggedIn,
        createdAt: at("2001-03-01T12:00:00Z"),
        actorUserId: ada.id,
        subjectType: "user",
        subjectId: String(ada.id),
        path: "impersonation",
      },
      {
        type: ACTIVITY.evidenceAccessed,
        createdAt: at("2001-03-01T13:00:00Z"),
        actorUserId: ada.id,
        subjectType: "press_release",
        subjectId: "424242",
        result: "export",
        reason: "Anfrage O'Brien \\ Gericht",
      },
    ]);
    const search = async (q: string, extra: Partial<ActivityQuery> = {}) =>
      (await loadActivityReport({ ...NONE, fromDay: "2001-03-01", toDay: "2001-03-01", q, ...extra })).rows.map((r) => r.type);

    expect(await search("insolv")).toEqual([ACTIVITY.agreementBillingHoldPlaced]);
    expect(await search("INSOLVENT kunde")).toEqual([ACTIVITY.agreementBillingHoldPlaced]);
    expect(await search("98765")).toEqual([ACTIVITY.agreementBillingHoldPlaced]);
    expect(await search("424242")).toEqual([ACTIVITY.evidenceAccessed, ACTIVITY.releaseStatusChanged]);
    expect(await search("werbespr")).toEqual([ACTIVITY.releaseStatusChanged]);
    expect(await search("impersonation")).toEqual([ACTIVITY.userLoggedIn]);
    // The actor: part of the address, part of the name.
    expect(await search("lovelace.example")).toEqual([ACTIVITY.evidenceAccessed, ACTIVITY.userLoggedIn]);
    expect(await search("rechenwerk")).toEqual([ACTIVITY.evidenceAccessed, ACTIVITY.userLoggedIn]);
    // Words and actor together, and with a type: an entry found twice is listed once.
    expect(await search("424242", { type: ACTIVITY.evidenceAccessed })).toEqual([ACTIVITY.evidenceAccessed]);
    expect(await search("rechenwerk", { type: ACTIVITY.userLoggedIn })).toEqual([ACTIVITY.userLoggedIn]);
    // Quotes, backslashes and query operators are words, never syntax.
    expect(await search("o'brien")).toEqual([ACTIVITY.evidenceAccessed]);
    expect(await search("gericht & !(x) | :*")).toEqual([]);
    expect(await search("% _")).toEqual([]);
    expect(await search("nothing-like-this")).toEqual([]);
  });

  it("finds entries of many matching people as well as of a few", async () => {
    const word = unique("fanout").toLowerCase();
    const people = await db.user.createManyAndReturn({
      data: Array.from({ length: 205 }, (_, i) => ({ email: `${word}-${i}@example.test`, name: "Many" })),
      select: { id: true },
    });
    await insert(
      people.map((p, i) => ({ type: ACTIVITY.userLoggedIn, createdAt: new Date(Date.UTC(2001, 3, 1, 0, i)), actorUserId: p.id })),
    );
    const query = { ...NONE, fromDay: "2001-04-01", toDay: "2001-04-01", q: word };
    expect(await allPages(query, 50)).toHaveLength(205);
    const page = await loadActivityReport(query, { pageSize: 3 });
    expect(page.rows.map((r) => r.actor?.id)).toEqual([people[204]!.id, people[203]!.id, people[202]!.id]);
  });

  it("finds the same rows whichever way it reads the words: a walk, the bitmap, a walk that turns to the bitmap", async () => {
    const word = unique("paths").toLowerCase();
    // 30 matches among 60 rows; the newer half has none: a walk over a short window finds too few.
    await insert(
      Array.from({ length: 60 }, (_, i) => ({
        type: i % 3 ? ACTIVITY.creditsSpent : ACTIVITY.boostBooked,
        createdAt: new Date(Date.UTC(2001, 8, 1, 0, i)),
        reason: i < 30 ? `${word} alt` : "neu",
      })),
    );
    const query = { ...NONE, fromDay: "2001-09-01", toDay: "2001-09-01", q: word };
    const sorted = await allPages(query, 7);
    expect(sorted).toHaveLength(30);
    // A window wider than the rows (walk only), one with no match (bitmap only), one with a few (walk, then bitmap).
    for (const thresholds of [{ walkWindow: 1_000 }, { walkWindow: 10 }, { walkWindow: 40 }]) {
      const seen: bigint[] = [];
      let before: ActivityQuery["before"] = null;
      for (let i = 0; i < 20 && (i === 0 || before); i++) {
        const page = await loadActivityReport({ ...query, before }, { pageSize: 7, thresholds });
        seen.push(...page.rows.map((r) => r.id));
        before = decodeCursor(page.older);
      }
      expect(seen, JSON.stringify(thresholds)).toEqual(sorted);
      // And with a type, and backwards.
      const typed = await loadActivityReport({ ...query, type: ACTIVITY.boostBooked }, { pageSize: 50, thresholds });
      expect(typed.rows).toHaveLength(10);
      const back = await loadActivityReport(
        { ...query, after: { createdAt: new Date(Date.UTC(2001, 8, 1, 0, 0)), id: 0n } },
        { pageSize: 4, thresholds },
      );
      expect(back.rows.map((r) => r.reason)).toEqual(Array(4).fill(`${word} alt`));
      expect(back.rows.map((r) => r.createdAt.getUTCMinutes())).toEqual([3, 2, 1, 0]);
    }
  });

  it("pages by keyset: every row once, in order, even while new rows arrive; back and forth", async () => {
    const t = at("2001-05-05T12:00:00Z");
    // Five rows share one instant: the id decides their order.
    await insert(
      Array.from({ length: 11 }, (_, i) => ({
        type: ACTIVITY.creditsTopUp,
        createdAt: i < 5 ? t : new Date(t.getTime() + i * 60_000),
        reason: `page-${i}`,
      })),
    );
    const query = { ...NONE, fromDay: "2001-05-05", toDay: "2001-05-05" };
    const all = (await loadActivityReport(query, { pageSize: 100 })).rows;
    expect(all).toHaveLength(11);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id)).toBe(true);
    }

    const p1 = await loadActivityReport(query, { pageSize: 4 });
    expect(p1.newer).toBeNull();
    // A new entry on top does not shift the next page.
    await insert([{ type: ACTIVITY.creditsTopUp, createdAt: at("2001-05-05T20:00:00Z"), reason: "page-new" }]);
    const p2 = await loadActivityReport({ ...query, before: decodeCursor(p1.older) }, { pageSize: 4 });
    const p3 = await loadActivityReport({ ...query, before: decodeCursor(p2.older) }, { pageSize: 4 });
    expect(p3.older).toBeNull();
    expect([...p1.rows, ...p2.rows, ...p3.rows].map((r) => r.id)).toEqual(all.map((r) => r.id));
    // Back from page 3: page 2 again, page 1 again, and above it the entry that arrived meanwhile.
    const back2 = await loadActivityReport({ ...query, after: decodeCursor(p3.newer) }, { pageSize: 4 });
    expect(back2.rows.map((r) => r.id)).toEqual(p2.rows.map((r) => r.id));
    expect(back2.older).toBe(p2.older);
    const back1 = await loadActivityReport({ ...query, after: decodeCursor(back2.newer) }, { pageSize: 4 });
    expect(back1.rows.map((r) => r.id)).toEqual(p1.rows.map((r) => r.id));
    const top = await loadActivityReport({ ...query, after: decodeCursor(back1.newer) }, { pageSize: 4 });
    expect(top.rows.map((r) => r.reason)).toEqual(["page-new"]);
    expect(top.newer).toBeNull();
    expect(top.older).toBe(encodeCursor(top.rows[0]!));
  });

  it("shows System where no person acted, and the person where one did", async () => {
    const actor = await seedUser({ name: "Alex Redaktion" });
    await insert([
      { type: ACTIVITY.releaseStatusChanged, createdAt: at("2001-06-01T10:00:00Z"), result: "rejected" },
      { type: ACTIVITY.releaseStatusChanged, createdAt: at("2001-06-01T11:00:00Z"), actorUserId: actor.id, result: "published" },
    ]);
    const rows = (await loadActivityReport({ ...NONE, fromDay: "2001-06-01", toDay: "2001-06-01" })).rows;
    expect(rows.map((r) => r.actor)).toEqual([{ id: actor.id, email: actor.email, name: "Alex Redaktion" }, null]);
  });

  it("counts entries per German day, days without entries included", async () => {
    await insert([
      { type: ACTIVITY.invoiceSent, createdAt: at("2001-07-01T10:00:00Z") },
      { type: "payment", createdAt: at("2001-07-01T11:00:00Z") },
      { type: ACTIVITY.paymentReceived, createdAt: at("2001-07-02T22:30:00Z") }, // 3 July in Berlin
    ]);
    const range = rangeOf("2001-07-01", "2001-07-03");
    expect(await loadActivityPerDay({ range })).toEqual([
      { day: "2001-07-01", count: 2 },
      { day: "2001-07-02", count: 0 },
      { day: "2001-07-03", count: 1 },
    ]);
    expect((await loadActivityPerDay({ range, type: ACTIVITY.paymentReceived })).map((d) => d.count)).toEqual([1, 0, 1]);
  });
});

describe("activity subjects", () => {
  it("names a page's subjects and links those the admin area has a page for", async () => {
    const company = await seedCompany({ name: "Betreff AG" });
    const release = await seedRelease({ companyId: company.id, title: "Betreff-Meldung" });
    const user = await seedUser();
    const rows = [
      { subjectType: "press_release", subjectId: String(release.id) },
      { subjectType: "company", subjectId: String(company.id) },
      { subjectType: "user", subjectId: String(user.id) },
      { subjectType: "legal_request", subjectId: "17" },
      { subjectType: "agreement", subjectId: "99" },
      { subjectType: "company_email_group", subjectId: "presse@example.test" },
      { subjectType: null, subjectId: null },
    ];
    const views = await loadSubjectViews(rows);
    expect(rows.map((r) => (subjectKey(r) ? views.get(subjectKey(r)!) : null))).toEqual([
      { kind: "Pressemitteilung", name: "Betreff-Meldung", href: `/admin/releases/${release.id}` },
      { kind: "Newsroom", name: "Betreff AG", href: `/admin/companies/${company.id}` },
      { kind: "Konto", name: user.email, href: `/admin/users/${user.id}` },
      { kind: "Rechtliches Anliegen", name: null, href: "/admin/legal/17" },
      { kind: "Vereinbarung", name: null, href: null },
      { kind: "Adressgruppe", name: null, href: null },
      null,
    ]);
  });
});

describe("activity query parsing", () => {
  it("drops what is malformed and keeps what is valid", () => {
    const c = encodeCursor({ createdAt: at("2001-01-01T00:00:00.123Z"), id: 42n });
    expect(decodeCursor(c)).toEqual({ createdAt: at("2001-01-01T00:00:00.123Z"), id: 42n });
    expect(parseActivityQuery({ type: "Login", from: "2001-02-30", to: "2001-03-01", q: "  x\u0000y ", before: c })).toEqual({
      type: null,
      fromDay: null,
      toDay: "2001-03-01",
      q: "xy",
      before: { createdAt: at("2001-01-01T00:00:00.123Z"), id: 42n },
      after: null,
    });
    expect(parseActivityQuery({ type: ACTIVITY.userLoggedIn, before: "1.0", after: "x" })).toMatchObject({
      type: ACTIVITY.userLoggedIn,
      before: null,
      after: null,
    });
    expect(parseActivityQuery({ q: "a".repeat(500) }).q).toHaveLength(200);
    expect(searchTsQuery("a'b c\\d - ")).toBe("'a''b':* & 'c\\\\d':*");
  });
});
