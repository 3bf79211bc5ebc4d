import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { GET as searchDe } from "@/app/portal/[portal]/[edition]/suche/route";
import { GET as searchEn } from "@/app/portal/[portal]/[edition]/search/route";
import { uniqueClientIp } from "@/tests/client-addresses";
import { seedCompany, seedRelease, unique } from "@/tests/factories";

// The readers' search page (/de/suche, /en/search) through its route, as a reader and as an
// attacker: results with marks, filters, refusals that explain themselves, never a 5xx.

const HOUR = 3_600_000;
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attribute-boolean-style": "off",
    "no-redundant-role": "off",
    "attr-case": "off",
    "void-style": "off",
    "no-inline-style": "off",
  },
});

async function published(data: {
  companyId: number;
  title: string;
  body?: string;
  categoryId?: number;
  language?: "de" | "en";
  publishedAt?: Date;
  noExport?: boolean;
}) {
  const at = data.publishedAt ?? new Date(Date.now() - HOUR);
  const release = await seedRelease({
    status: "published",
    publishedAt: at,
    publishedEverAt: at,
    body: `<p>${data.body ?? "Ein Text."}</p>`,
    ...data,
  });
  await syncSearchMirror(db, release.id, new Date(), { announce: false });
  return release;
}

async function visit(query: Record<string, string | string[]>, opts: { edition?: "de" | "en"; ip?: string; portal?: string } = {}) {
  const edition = opts.edition ?? "de";
  const url = new URL(`http://business.localhost:3000/${edition}/${edition === "de" ? "suche" : "search"}`);
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) url.searchParams.append(k, one);
  const handler = edition === "de" ? searchDe : searchEn;
  const res = await handler(new Request(url, { headers: { "x-forwarded-for": opts.ip ?? uniqueClientIp() } }), {
    params: Promise.resolve({ portal: opts.portal ?? "business", edition }),
  });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe("the readers' search page", () => {
  it("finds archive-visible releases of the edition with the word marked, noindex and private", async () => {
    const tag = unique("wp").replace(/[^a-z]/g, "");
    const company = await seedCompany({ name: "Küstenwind GmbH" });
    const hit = await published({ companyId: company.id, title: `Neuer Windpark ${tag}`, body: `Der Windpark ${tag} liefert Strom.` });
    await published({ companyId: company.id, title: `Windpark ${tag} nicht im Archiv`, noExport: true });
    await published({ companyId: company.id, title: `Windpark ${tag} später`, publishedAt: new Date(Date.now() + HOUR) });
    await published({ companyId: company.id, title: `Windpark ${tag} english`, language: "en" });

    const { status, html, headers } = await visit({ q: tag });
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(`href="/de/pressemitteilung/${hit.slug}"`);
    expect(html.match(/<li><article>/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<mark>${tag}</mark>`, "i"));
    expect(html).not.toContain("<script src");
    const report = await validator.validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it("filters by category, newsroom and date; an unknown filter is a 400 page, not an error", async () => {
    const tag = unique("flt").replace(/[^a-z]/g, "");
    const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Handel", nameEn: "Retail" } });
    const a = await seedCompany({ name: "Erste AG" });
    const b = await seedCompany({ name: "Zweite AG" });
    const inCategory = await published({ companyId: a.id, title: `Markt ${tag}`, categoryId: category.id });
    const other = await published({ companyId: b.id, title: `Markt ${tag} zwei`, publishedAt: new Date("2025-03-10T10:00:00Z") });

    const byCategory = await visit({ q: tag, category: category.slug });
    expect(byCategory.html).toContain(inCategory.slug);
    expect(byCategory.html).not.toContain(other.slug);
    const byNewsroom = await visit({ q: tag, newsroom: b.slug });
    expect([byNewsroom.html.includes(other.slug), byNewsroom.html.includes(inCategory.slug)]).toEqual([true, false]);
    expect(byNewsroom.html).toContain("Nur Meldungen von Zweite AG");
    const byDate = await visit({ q: tag, from: "2025-03-10", until: "2025-03-10" });
    expect([byDate.html.includes(other.slug), byDate.html.includes(inCategory.slug)]).toEqual([true, false]);
    const newestFirst = await visit({ q: tag, sort: "date" });
    expect(newestFirst.html.indexOf(inCategory.slug)).toBeLessThan(newestFirst.html.indexOf(other.slug));

    for (const query of [{ category: "gibt-es-nicht" }, { newsroom: "gibt-es-nicht" }] as Record<string, string>[]) {
      const refused = await visit({ q: tag, ...query });
      expect([refused.status, refused.html.includes("gibt es hier nicht")]).toEqual([400, true]);
    }
  });

  it("as an attacker: hostile words, dates, pages and repeated parameters answer 400 or an empty page, never 5xx", async () => {
    const hostile: Record<string, string | string[]>[] = [
      { q: "\u0000" },
      { q: "\u0000\u00ff" },
      { q: "wind\u0007kraft" },
      { q: "a".repeat(201) },
      { q: '"' },
      { q: "&&& | !:*" },
      { q: "\ud800" },
      { q: "' OR 1=1 --" },
      { q: "x", from: "2026-13-45" },
      { q: "x", from: "2026-02-30" },
      { q: "x", from: "2026-05-02", until: "2026-05-01" },
      { q: "x", until: "99999-01-01" },
      { q: "x", page: "0" },
      { q: "x", page: "99999999" },
      { q: "x", page: "-1" },
      { q: ["a", "b"] },
      { q: "<script>alert(1)</script>" },
    ];
    for (const query of hostile) {
      const { status, html } = await visit(query);
      expect([JSON.stringify(query), [200, 400].includes(status)]).toEqual([JSON.stringify(query), true]);
      expect(html).not.toContain("<script>alert(1)</script>");
      // No control character is shown back in the form.
      expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000e-\u001f]/);
    }
    expect((await visit({ q: "a".repeat(201) })).html).toContain("höchstens 200 Zeichen");
    // The other edition's segment is no search page there.
    const wrong = await searchDe(new Request("http://business.localhost:3000/en/suche"), {
      params: Promise.resolve({ portal: "business", edition: "en" }),
    });
    expect(wrong.status).toBe(404);
  });

  it("is throttled per client: the 31st search in a minute answers 429 with Retry-After, another client still searches", async () => {
    const ip = uniqueClientIp();
    for (let i = 0; i < 30; i++) expect((await visit({ q: `wort${i}` }, { ip })).status).toBe(200);
    const limited = await visit({ q: "noch eins" }, { ip });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "60"]);
    expect(limited.html).toContain("Zu viele Suchen");
    expect((await visit({ q: "noch eins" })).status).toBe(200);
    // The empty form costs nothing and is never refused.
    expect((await visit({}, { ip })).status).toBe(200);
  });

  it("speaks English on /en/search", async () => {
    const { status, html } = await visit({ q: "nothing-matches-this" }, { edition: "en" });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("No press release found");
  });
});
