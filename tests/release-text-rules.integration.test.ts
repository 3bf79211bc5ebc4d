import { describe, expect, it, vi } from "vitest";
import { saveRelease } from "@/app/hub/dashboard/releases/actions";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { runAutomaticReview } from "@/lib/domains/review/run-review";
import { apiClient, send } from "./api-client";
import { seedRelease, unique } from "./factories";
import { signIn, withPageSession } from "./page-session";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// A release's text must be readable: what is no text (control characters but tab and line
// breaks, noncharacters) is refused at every door with a field issue; what gets past the doors
// but does not read as prose in the release's language (random code points, private-use
// characters, letters that form no words) is red in the check, with a reason a customer reads.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const tokenFor = async (userId: number) => (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;
const releaseBody = (newsroomId: number, extra: Record<string, unknown> = {}) => ({
  newsroom_id: newsroomId,
  portal: "business",
  language: "de",
  title: `Beispiel AG eröffnet Werk ${unique("t")}`,
  body: GOOD_BODY,
  location: "Berlin",
  contact: { name: "Pressestelle", email: "presse@beispiel.de" },
  submit: false,
  ...extra,
});
const releasesOf = (companyId: number) => db.pressRelease.count({ where: { companyId } });

describe("text that is no text is refused at the door", () => {
  it("API v1: a lead of U+0001, U+0003 or U+0007 is 422 naming the lead; nothing is stored", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    for (const lead of ["\u0001", "Vorspann \u0003 mit Steuerzeichen", "\u0007\u0007\u0007"]) {
      const res = await api.call("createRelease", { body: releaseBody(company.id, { lead }) });
      expect(res.status).toBe(422);
      expect(res.body.error.issues).toEqual([expect.objectContaining({ path: "lead" })]);
    }
    // A noncharacter in the body, a control character in a keyword.
    for (const [extra, path] of [
      [{ body: `${GOOD_BODY}<p>\uFFFE</p>` }, "body"],
      [{ keywords: ["Werk", "a\u001Fb"] }, "keywords.1"],
    ] as const) {
      const res = await api.call("createRelease", { body: releaseBody(company.id, extra) });
      expect([res.status, res.body.error.issues[0].path]).toEqual([422, path]);
    }
    expect(await releasesOf(company.id)).toBe(0);
    // Tabs and line breaks are text.
    expect((await api.call("createRelease", { body: releaseBody(company.id, { lead: "Zeile eins\nZeile zwei\tmit Tab" }) })).status).toBe(
      201,
    );
  });

  it("API v1 update and the legacy API: 422 under the field's own name, the stored text unchanged", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const api = apiClient(token);
    const created = await api.call("createRelease", { body: releaseBody(company.id, { lead: "Ein Vorspann." }) });
    const id = created.body.data.id as number;
    const put = await api.call("updateRelease", { params: { id }, body: { lead: "neu\u0002" } });
    expect([put.status, put.body.error.issues[0].path]).toEqual([422, "lead"]);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id } })).lead).toBe("Ein Vorspann.");

    const legacy = await send("POST", "/service/pressreleases", {
      token,
      body: { company_id: company.id, title: `Beispiel AG eröffnet Werk ${unique("l")}`, subtitle: "\u0007", text: GOOD_BODY },
    });
    expect(legacy.status).toBe(422);
    expect((await legacy.json()).error.issues).toEqual([expect.objectContaining({ path: "subtitle" })]);
    expect(await releasesOf(company.id)).toBe(1);
  });

  it("a bidirectional override (U+202E and its kind, which display a text in another order than it reads) is refused like a control character", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    for (const [extra, path] of [
      [{ title: "Beispiel AG eröffnet \u202EkreW seuen" }, "title"],
      [{ lead: "Vorspann \u2066isoliert\u2069" }, "lead"],
      [{ contact: { name: "Presse\u202D" } }, "contact.name"],
    ] as const) {
      const res = await api.call("createRelease", { body: releaseBody(company.id, extra) });
      expect([res.status, res.body.error.issues[0].path]).toEqual([422, path]);
    }
    expect(await releasesOf(company.id)).toBe(0);
    // A left-to-right mark is no override: it stays allowed.
    expect((await api.call("createRelease", { body: releaseBody(company.id, { lead: "Vorspann \u200E mit Markierung" }) })).status).toBe(
      201,
    );
  });

  it("the dashboard form: a German message at the field, nothing saved", async () => {
    const { owner, company } = await seedNewsroom();
    const category = await db.category.create({ data: { portal: "business", slug: unique("kat"), nameDe: "Energie", nameEn: "Energy" } });
    await signIn(owner.id);
    const values = {
      companyId: String(company.id),
      portal: "business",
      language: "de",
      categoryId: String(category.id),
      title: "Beispiel AG eröffnet neues Werk",
      lead: "Vorspann\u0003",
      body: GOOD_BODY,
      location: "Berlin",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.de",
      contactPhone: "",
      scheduledAt: "",
      aiDeclaration: "without_ai",
    };
    const result = await saveRelease(null, { values, submit: false });
    expect(result).toMatchObject({ ok: false, issues: { lead: expect.stringContaining("Steuer- oder Sonderzeichen") } });
    expect(await releasesOf(company.id)).toBe(0);
  });
});

describe("text that does not read as prose is red in the check", () => {
  /** In review with this text, as an older door or an import could have stored it. */
  async function inReview(data: { title?: string; lead?: string | null; body: string; language?: "de" | "en" }) {
    const { owner, company } = await seedNewsroom();
    return seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "in_review",
      title: data.title ?? "Beispiel AG eröffnet neues Werk",
      lead: data.lead ?? null,
      body: data.body,
      language: data.language ?? "de",
      location: "Berlin",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.de",
    });
  }
  const check = async (id: number) => {
    const outcome = (await runAutomaticReview({ releaseId: id })).outcome;
    const newest = await db.pressReleaseClassification.findFirstOrThrow({ where: { pressReleaseId: id }, orderBy: { id: "desc" } });
    return { outcome, result: newest.result, reasons: newest.reasons as { code: string; message: string }[] };
  };

  it("random code points and private-use characters: red, with a reason in German", async () => {
    // Private use, unassigned planes, symbols: no letters of the Latin script, nothing to read.
    const garbage = String.fromCodePoint(0xe000, 0xf8ff, 0x2fa20, 0x40000, 0x10fffd, 0x1d11e, 0x2603, 0xe123).repeat(40);
    const release = await inReview({
      lead: String.fromCodePoint(0xe000, 0x40000, 0xf0000).repeat(8),
      body: `<p>${garbage}</p><p>${"Beispiel ".repeat(5)}</p>`,
    });
    const { outcome, result, reasons } = await check(release.id);
    expect([outcome, result]).toEqual(["rejected", "red"]);
    expect(reasons.map((r) => r.code)).toEqual(expect.arrayContaining(["unreadable_characters", "not_prose"]));
    expect(reasons.find((r) => r.code === "unreadable_characters")!.message).toMatch(/^Der Text enthält Zeichen, die nicht lesbar sind/);
  });

  it("letters that form no words of the release's language: red", async () => {
    const gibberish = Array.from({ length: 60 }, (_, i) => ["xqzvt", "plmkr", "wrtzq", "bvncx", "qwpfl"][i % 5]).join(" ");
    const { result, reasons } = await check((await inReview({ body: `<p>${gibberish}.</p>` })).id);
    expect(result).toBe("red");
    expect(reasons.map((r) => r.code)).toContain("not_language");
  });

  it("figures are prose: a financial headline and lead pass the check green", async () => {
    const release = await inReview({
      title: "Umsatz 2025: +12,4 % auf 1.234,5 Mio. €",
      lead: "ISIN DE0007164600: 2,50 € je Aktie (+0,30 €)",
      body: GOOD_BODY,
    });
    const { outcome, result, reasons } = await check(release.id);
    expect([outcome, result, reasons]).toEqual(["published", "green", []]);
  });

  it("an advert hidden behind invisible characters (zero-width space, word joiner) is found", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    // Storable and readable: invisible characters are no control characters, so the door takes them.
    const created = await api.call("createRelease", {
      body: releaseBody(company.id, { lead: "Jetzt\u200Bkaufen: nur\u2060heute im Werksverkauf." }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await db.pressRelease.update({ where: { id }, data: { status: "in_review" } });
    const { result, reasons } = await check(id);
    expect(result).toBe("red");
    expect(reasons.map((r) => r.code)).toContain("advertising");
  });

  it("normal German and English releases pass as before", async () => {
    const german = await check((await inReview({ body: GOOD_BODY })).id);
    expect([german.result, german.reasons]).toEqual(["green", []]);
    const englishBody = `<p>Hamburg, 3 March 2026 – Example Inc opens a new plant in Brandenburg. The site will create 250 jobs in production and logistics, and production starts in the autumn. The investment amounts to 80 million euros. The plant makes components for heat pumps and supplies customers across Europe. Its managing director says that the location combines short distances with a skilled workforce from the region.</p>`;
    const english = await check(
      (await inReview({ title: "Example Inc opens a new plant in Brandenburg", body: englishBody, language: "en" })).id,
    );
    expect([english.result, english.reasons]).toEqual(["green", []]);
  });
});

describe("content_changed_at (spec 2.3)", () => {
  it("moves when only the lead changes, and not for the same lead or a new dateline", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    const id = (await api.call("createRelease", { body: releaseBody(company.id, { lead: "Erster Vorspann." }) })).body.data.id as number;
    const changedAt = async () => (await db.pressRelease.findUniqueOrThrow({ where: { id } })).contentChangedAt.getTime();
    const before = await changedAt();
    await new Promise((r) => setTimeout(r, 5));
    expect((await api.call("updateRelease", { params: { id }, body: { lead: "Zweiter Vorspann." } })).status).toBe(200);
    const afterLead = await changedAt();
    expect(afterLead).toBeGreaterThan(before);
    await api.call("updateRelease", { params: { id }, body: { lead: "Zweiter Vorspann.", location: "Potsdam" } });
    expect(await changedAt()).toBe(afterLead);
  });
});
