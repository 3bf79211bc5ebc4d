import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { editionFeed } from "@/lib/adapters/public/feeds/feeds";
import { decideLegalRequest } from "@/lib/domains/legal/requests/decide-legal-request";
import { executeLegalRequest } from "@/lib/domains/legal/requests/execute-legal-request";
import { startLegalRequestReview } from "@/lib/domains/legal/requests/start-legal-request-review";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { getSiteHosts, releaseUrl, siteOrigin, SITE_NAMES } from "@/lib/domains/sites";
import { complianceAdmin, seedLegalRequest, seedPublishedRelease } from "@/tests/legal-request-fixtures";
import {
  correctionLogPage,
  correctionsFeed,
  CORRECTIONS_PER_PAGE,
  REMOVED_RELEASE_TITLE,
} from "@/lib/adapters/public/feeds/correction-log";

// The public side of an executed correction: the dated note on the release page (and in its
// JSON-LD), in its feed item, in the portal's correction log and its feed, which stay valid
// RSS 2.0. A release that left the public keeps its log entry without a link.

const parser = new Parser({ customFields: { item: ["dc:creator"] } });
const NOW = new Date("2026-11-24T10:00:00Z");
const PUBLISHED = new Date("2026-11-23T10:00:00Z");

async function corrected(portal: "business" | "tech" = "tech", language: "de" | "en" = "de") {
  const { release } = await seedPublishedRelease({ portal, data: { language }, publishedAt: PUBLISHED });
  const editor = await complianceAdmin();
  const request = await seedLegalRequest({ track: "correction", releaseId: release.id });
  await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id });
  await decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Belegt." });
  const note = language === "de" ? "Das Eröffnungsdatum war falsch angegeben." : "The opening date was wrong.";
  await executeLegalRequest({
    legalRequestId: request.id,
    adminUserId: editor.id,
    measure: "text",
    text: { title: release.title, body: release.body.replace("250", "260") },
    publicNote: note,
    now: NOW,
  });
  return { release, note, editor };
}

async function parse(result: Awaited<ReturnType<typeof editionFeed>>) {
  if (result.kind !== "ok") throw new Error(`expected a feed, got ${result.kind}`);
  return { xml: result.document, feed: await parser.parseString(result.document) };
}

describe("the correction note", () => {
  it("stands on the release page and in its JSON-LD, dated", async () => {
    const { release, note } = await corrected("tech", "de");
    const page = await releasePageData("tech", "de", release.slug);
    expect(page!.corrections).toEqual([expect.objectContaining({ kind: "correction", note, createdAt: NOW })]);
    expect(page!.jsonLd.correction).toEqual([
      { "@type": "CorrectionComment", text: `Korrektur vom 24.11.2026: ${note}`, datePublished: NOW.toISOString() },
    ]);
  });

  it("stands in the release's feed item, before its summary; the feed parses as RSS 2.0", async () => {
    const { release, note } = await corrected("tech", "en");
    const { xml, feed } = await parse(await editionFeed("tech", "en"));
    const item = feed.items.find((i) => i.link === releaseUrl(release, getSiteHosts()))!;
    expect(item.contentSnippet ?? item.content).toMatch(new RegExp(`^Correction of 24 November 2026: ${note}`));
    expect(item.isoDate).toBeDefined();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<atom:updated>${NOW.toISOString()}</atom:updated>`);
  });
});

describe("the correction log", () => {
  it("lists corrections and withdrawals of its portal and edition, newest first, linking only what is still public", async () => {
    const { release: corrected1 } = await corrected("business", "de");
    const withdrawn = await seedPublishedRelease({ portal: "business" });
    const gone = await seedPublishedRelease({ portal: "business" });
    const deleted = await seedPublishedRelease({ portal: "business" });
    const other = await seedPublishedRelease({ portal: "tech" });
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const entry = (r: { id: number; title: string; portal: "business" | "tech" }, kind: "withdrawal" | "redaction", minutes: number) =>
      db.pressReleaseCorrection.create({
        data: {
          pressReleaseId: r.id,
          kind,
          portal: r.portal,
          language: "de",
          releaseTitle: r.title,
          note: kind === "withdrawal" ? "Aus rechtlichen Gründen zurückgezogen." : "Passagen aus rechtlichen Gründen entfernt.",
          createdAt: at(minutes),
        },
      });
    await entry(withdrawn.release, "withdrawal", 1);
    await db.pressRelease.update({ where: { id: withdrawn.release.id }, data: { status: "depublished" } });
    await entry(gone.release, "redaction", 2);
    await db.pressRelease.update({ where: { id: gone.release.id }, data: { goneAt: at(3) } });
    await entry(deleted.release, "redaction", 4);
    await db.pressRelease.update({ where: { id: deleted.release.id }, data: { deletedAt: at(5) } });
    await entry(other.release, "redaction", 6);

    const page = (await correctionLogPage("business", "de", 1))!;
    const ids = [corrected1.id, withdrawn.release.id, gone.release.id, deleted.release.id];
    const mine = (await db.pressReleaseCorrection.findMany({ where: { pressReleaseId: { in: ids } }, select: { id: true } })).map(
      (r) => r.id,
    );
    // A tombstoned or deleted release keeps its entry, but no longer its title.
    expect(page.entries.filter((e) => mine.includes(e.id)).map((e) => [e.title, e.kind, e.url])).toEqual([
      [REMOVED_RELEASE_TITLE.de, "redaction", null],
      [REMOVED_RELEASE_TITLE.de, "redaction", null],
      [withdrawn.release.title, "withdrawal", null],
      [corrected1.title, "correction", releaseUrl(corrected1, getSiteHosts())],
    ]);
    expect(page.entries.map((e) => e.title)).not.toContain(gone.release.title);
    expect(page.entries.map((e) => e.title)).not.toContain(deleted.release.title);
    expect(page.entries.map((e) => e.title)).not.toContain(other.release.title);
    expect((await correctionLogPage("business", "en", 1))!.entries.map((e) => e.title)).not.toContain(corrected1.title);
  });

  it("pages 30 at a time; a page past the end is none", async () => {
    const { release } = await seedPublishedRelease({ portal: "tech", data: { language: "en" } });
    const before = await db.pressReleaseCorrection.count({ where: { portal: "tech", language: "en" } });
    const add = CORRECTIONS_PER_PAGE + 1 - (before % CORRECTIONS_PER_PAGE);
    await db.pressReleaseCorrection.createMany({
      data: Array.from({ length: add }, (_, i) => ({
        pressReleaseId: release.id,
        kind: "change" as const,
        portal: "tech" as const,
        language: "en" as const,
        releaseTitle: release.title,
        note: `Update ${i}`,
        createdAt: new Date(NOW.getTime() + i * 1000),
      })),
    });
    const total = before + add;
    const pages = Math.ceil(total / CORRECTIONS_PER_PAGE);
    const first = (await correctionLogPage("tech", "en", 1))!;
    expect(first).toMatchObject({ total, totalPages: pages, page: 1 });
    expect(first.entries).toHaveLength(CORRECTIONS_PER_PAGE);
    expect(first.entries[0]!.note).toBe(`Update ${add - 1}`);
    expect(first.alternates).not.toBeNull();
    const last = (await correctionLogPage("tech", "en", pages))!;
    expect(last.entries).toHaveLength(1);
    expect(last.alternates).toBeNull();
    expect(last.canonical).toBe(`${siteOrigin("tech", getSiteHosts())}/en/corrections?page=${pages}`);
    expect(await correctionLogPage("tech", "en", pages + 1)).toBeNull();
  });

  it("its feed is RSS 2.0 in the other feeds' format, items dated and linking the release while public", async () => {
    const { release, note } = await corrected("business", "en");
    const result = await correctionsFeed("business", "en");
    const { xml, feed } = await parse(result);
    const origin = siteOrigin("business", getSiteHosts());
    expect(feed.title).toBe(`Corrections – ${SITE_NAMES.business}`);
    expect(feed.language).toBe("en");
    expect(xml).toContain(`<atom:link href="${origin}/en/corrections/feed" rel="self" type="application/rss+xml"/>`);
    const item = feed.items.find((i) => i.title === `Correction: ${release.title}`)!;
    expect(item.link).toBe(releaseUrl(release, getSiteHosts()));
    expect(item.guid).toMatch(new RegExp(`^${origin}/en/corrections#correction-\\d+$`));
    expect(item.contentSnippet).toBe(`Correction of 24 November 2026: ${note}`);
    expect(item.categories).toEqual(["Correction"]);
    expect(new Date(item.isoDate!).toISOString()).toBe(NOW.toISOString());
  });
});

// Entries are insert-only, so a title an entry recorded stays in the table; what the log shows
// is decided when it is read.
describe("the titles the correction log shows", () => {
  const NAME = "Max Mustermann";

  async function approvedRequest(
    track: "redaction" | "depublication" | "correction",
    releaseId: number,
    data: Parameters<typeof seedLegalRequest>[0]["data"] = {},
  ) {
    const editor = await complianceAdmin();
    const request = await seedLegalRequest({ track, releaseId, data });
    await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id });
    await decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Begründet." });
    return { editor, request };
  }

  it("as the person named: once a redaction removed the name from the title, no entry shows it, the earlier ones neither", async () => {
    const { release } = await seedPublishedRelease({
      portal: "tech",
      data: { title: `Projektleiter ${NAME} eröffnet das Werk ${Date.now().toString(36)}` },
    });
    const first = await approvedRequest("correction", release.id);
    await executeLegalRequest({
      legalRequestId: first.request.id,
      adminUserId: first.editor.id,
      measure: "text",
      text: { title: release.title, body: release.body.replace("250", "260") },
      publicNote: "Die Zahl war falsch.",
      now: NOW,
    });
    expect((await correctionLogPage("tech", "de", 1, NOW))!.entries.map((e) => e.title)).toContain(release.title);

    const later = new Date(NOW.getTime() + 60_000);
    const second = await approvedRequest("redaction", release.id, { redactedPassages: [NAME] });
    await executeLegalRequest({ legalRequestId: second.request.id, adminUserId: second.editor.id, measure: "redact", now: later });
    const ids = await db.pressReleaseCorrection.findMany({
      where: { pressReleaseId: release.id },
      select: { id: true, releaseTitle: true },
    });
    // The first entry still holds the old title (insert-only) ...
    expect(ids.map((r) => r.releaseTitle)).toContain(release.title);
    // ... but the log, on its page and in its feed, shows the redacted one for both entries.
    const shown = (await correctionLogPage("tech", "de", 1, later))!.entries.filter((e) => ids.some((r) => r.id === e.id));
    expect(shown.map((e) => e.kind)).toEqual(["redaction", "correction"]);
    for (const e of shown) expect(e.title).toBe(release.title.replace(NAME, "[entfernt]"));
    const result = await correctionsFeed("tech", "de", "rss", later);
    if (result.kind !== "ok") throw new Error("expected a feed");
    expect(result.document).not.toContain(NAME);
  });

  it("a withdrawal carries the title the editor words, for every entry of the release", async () => {
    const { release } = await seedPublishedRelease({
      portal: "tech",
      data: { title: `${NAME} unter Verdacht ${Date.now().toString(36)}` },
    });
    const first = await approvedRequest("correction", release.id);
    await executeLegalRequest({
      legalRequestId: first.request.id,
      adminUserId: first.editor.id,
      measure: "text",
      text: { title: release.title, body: release.body.replace("250", "260") },
      publicNote: "Die Zahl war falsch.",
      now: NOW,
    });
    const second = await approvedRequest("depublication", release.id);
    const neutral = `Pressemitteilung zu einem Ermittlungsverfahren ${release.id}`;
    expect(
      (
        await executeLegalRequest({
          legalRequestId: second.request.id,
          adminUserId: second.editor.id,
          measure: "depublish",
          logTitle: `  ${neutral} `,
          now: new Date(NOW.getTime() + 60_000),
        })
      ).correction?.releaseTitle,
    ).toBe(neutral);
    const shown = (await correctionLogPage("tech", "de", 1, NOW))!.entries.filter((e) => e.title === neutral || e.title === release.title);
    expect(shown.map((e) => [e.kind, e.title])).toEqual([
      ["withdrawal", neutral],
      ["correction", neutral],
    ]);
  });

  it("as an attacker: a note with a control character (written before notes refused them) leaves every feed readable XML", async () => {
    const { release } = await seedPublishedRelease({ portal: "tech", data: { language: "en" } });
    await db.pressReleaseCorrection.create({
      data: {
        pressReleaseId: release.id,
        kind: "correction",
        portal: "tech",
        language: "en",
        releaseTitle: `${release.title}\u0001`,
        note: "Fixed\u0001 the\u001b date\ufffe.",
        createdAt: NOW,
      },
    });
    const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
    for (const result of [await correctionsFeed("tech", "en"), await editionFeed("tech", "en")]) {
      const { xml, feed } = await parse(result);
      expect(notXml.test(xml)).toBe(false);
      expect(xml).toContain("Fixed the date.");
      expect(feed.items.length).toBeGreaterThan(0);
    }
  });
});
