import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReleaseReachPanel } from "@/components/reports/reach/release-reach-panel";
import { loadReleaseReachPanel } from "@/lib/adapters/dashboard/release-reach";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { berlinDayOf } from "@/lib/domains/reports/report-range";
import { seedRelease, seedUser } from "@/tests/factories";
import { signIn, signOut, withPageSession } from "@/tests/page-session";
import { bookEvents, seedEvents, seedPublishedRelease, seedReachNewsroom, times } from "@/tests/reach-fixtures";

// The reach report's doors as a browser (or an attacker) calls them: the CSV routes and the
// pages, run for real behind a session cookie. Downloads carry the CSV rules and stay private;
// an unknown table, another newsroom and a hostile query answer 4xx, never 5xx.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

type Params = Record<string, string>;
const releaseCsv = async (id: number | string, table: string) =>
  (await import("@/app/hub/dashboard/releases/[id]/reichweite/[table]/route")).GET(
    new Request(`http://hub.localhost/dashboard/releases/${id}/reichweite/${encodeURIComponent(table)}`),
    { params: Promise.resolve({ id: String(id), table }) },
  );
const newsroomCsv = async (id: number | string, table: string) =>
  (await import("@/app/hub/dashboard/newsrooms/[id]/reichweite/[table]/route")).GET(
    new Request(`http://hub.localhost/dashboard/newsrooms/${id}/reichweite/${encodeURIComponent(table)}`),
    { params: Promise.resolve({ id: String(id), table }) },
  );
const adminCsv = async (table: string, query = "") =>
  (await import("@/app/hub/admin/reports/reach/[table]/route")).GET(
    new Request(`http://hub.localhost/admin/reports/reach/${encodeURIComponent(table)}${query}`),
    { params: Promise.resolve({ table }) },
  );
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );
async function newsroomPage(id: number | string, searchParams: Params = {}): Promise<string> {
  const page = (await import("@/app/hub/dashboard/newsrooms/[id]/reichweite/page")).default as (props: {
    params: Promise<{ id: string }>;
    searchParams: Promise<Params>;
  }) => Promise<ReactElement>;
  return renderToStaticMarkup(await page({ params: Promise.resolve({ id: String(id) }), searchParams: Promise.resolve(searchParams) }));
}
async function adminPage(searchParams: Params = {}): Promise<string> {
  const page = (await import("@/app/hub/admin/reports/reach/page")).default as (props: {
    searchParams: Promise<Params>;
  }) => Promise<ReactElement>;
  return renderToStaticMarkup(await page({ searchParams: Promise.resolve(searchParams) }));
}
/** The file as sent, its byte-order mark kept (Response.text() drops it). */
const csvOf = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

/** A newsroom with a release published two days ago: shares, views today, and a title a spreadsheet would run. */
async function world() {
  const { owner, company } = await seedReachNewsroom();
  const release = await seedPublishedRelease(company.id, new Date(Date.now() - 2 * 86_400_000), {
    title: '=HYPERLINK("http://x.example")',
  });
  const now = new Date();
  await seedEvents(release.id, [
    ...times(3, { type: "view", at: now }),
    ...times(2, { type: "share", channel: "linkedin", at: now }),
    { type: "share", channel: "email", at: now },
  ]);
  await bookEvents();
  return { owner, company, release, today: berlinDayOf(now) };
}

afterEach(() => {
  delete process.env.SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS;
  resetConfigForTests();
});

describe("the release's CSV downloads", () => {
  it("answer the newsroom's people with a private CSV file of the table", async () => {
    const { owner, release, today } = await world();
    await signIn(owner.id);
    const shares = await releaseCsv(release.id, "teilungen");
    expect(shares.status).toBe(200);
    expect(shares.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(shares.headers.get("cache-control")).toBe("private, no-store");
    expect(shares.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="reichweite-pressemitteilung-${release.id}-teilungen\\.csv"`),
    );
    expect(await csvOf(shares)).toBe('\uFEFF"Kanal";"Teilungen"\r\n"LinkedIn";"2"\r\n"X";"0"\r\n"E-Mail";"1"\r\n"Link kopiert";"0"\r\n');
    const views = await csvOf(await releaseCsv(release.id, "aufrufe"));
    expect(views.startsWith('\uFEFF"Tag";"Aufrufe"\r\n')).toBe(true);
    expect(views).toContain(`"${today}";"3"\r\n`);
    expect(views.split("\r\n").filter(Boolean)).toHaveLength(4);
  });

  it("answer 404 for an unknown or hidden table and for another newsroom's release, 401 without a session", async () => {
    const { owner, release } = await world();
    await signIn(owner.id);
    for (const table of ["../../x", "indexstatus", "TEILUNGEN", "x".repeat(500)]) {
      const res = await releaseCsv(release.id, table);
      expect([table.slice(0, 10), res.status]).toEqual([table.slice(0, 10), 404]);
      expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await releaseCsv("-1", "teilungen")).status).toBe(404);
    expect((await releaseCsv("abc", "teilungen")).status).toBe(404);
    await signIn((await seedUser()).id);
    expect((await releaseCsv(release.id, "teilungen")).status).toBe(404);
    signOut();
    expect((await releaseCsv(release.id, "teilungen")).status).toBe(401);
  });

  it("include the index state once customers may see it", async () => {
    process.env.SEARCH_INDEX_BLOCK_VISIBLE_TO_CUSTOMERS = "true";
    resetConfigForTests();
    const { owner, release } = await world();
    await db.pressReleaseIndexCheck.create({
      data: { pressReleaseId: release.id, state: "indexed", answer: {}, inspector: "search-console" },
    });
    await signIn(owner.id);
    const res = await releaseCsv(release.id, "indexstatus");
    expect(res.status).toBe(200);
    expect(await csvOf(res)).toMatch(/^\uFEFF"Geprüft durch";"Indexstatus";"Geprüft am"\r\n"Google \(Search Console\)";"Im Suchindex";"/);
  });
});

describe("the release page's reach panel", () => {
  it("shows the figures, the day chart with its table and a download per table, without the index state by default", async () => {
    const { owner, release, today } = await world();
    const panel = await loadReleaseReachPanel(owner.id, release.id);
    const html = renderToStaticMarkup(createElement(ReleaseReachPanel, { panel: panel! }));
    const body = text(html);
    expect(body).toContain("Reichweite");
    expect(body).toMatch(/Aufrufe 3 Teilungen 3 E-Mail-Klicks 0/);
    expect(html).toContain('role="img"');
    expect(body).toContain(`${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)} 3`);
    expect(html).toContain('<details class="chart-data" open="">');
    for (const table of ["aufrufe", "teilungen", "feedreader", "crawler", "indexnow"]) {
      expect(html).toContain(`href="/dashboard/releases/${release.id}/reichweite/${table}"`);
    }
    expect(html).not.toContain("/reichweite/indexstatus");
    expect(body).not.toContain("Der Indexstatus wird");
    expect(body).toMatch(/Stand: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}; Aufrufe werden alle 10 Minuten gezählt\./);
  });

  it("is absent for a release never published", async () => {
    const { owner, company } = await world();
    const draft = await seedRelease({ companyId: company.id, status: "draft" });
    expect(await loadReleaseReachPanel(owner.id, draft.id)).toBeNull();
  });
});

describe("the newsroom's reach page and downloads", () => {
  it("renders the months and releases, and reads a hostile page number as the first page with a notice", async () => {
    const { owner, company } = await world();
    await signIn(owner.id);
    const html = await newsroomPage(company.id);
    expect(text(html)).toContain("Reichweite je Monat");
    expect(html).toContain(`href="/dashboard/newsrooms/${company.id}/reichweite/monate"`);
    expect(html).toContain(`href="/dashboard/newsrooms/${company.id}/reichweite/pressemitteilungen"`);
    expect(html).not.toContain('id="report-notices"');
    for (const page of ["-1", "0", "abc", "1e9", "99999999999"]) {
      expect(text(await newsroomPage(company.id, { page }))).toContain("Die angegebene Seite gibt es nicht; gezeigt wird die erste Seite.");
    }
    expect(text(await newsroomPage(company.id, { page: "7" }))).toContain("Die Liste hat nur 1 Seite; gezeigt wird die letzte.");
    await signIn((await seedUser()).id);
    expect(await outcome(newsroomPage(company.id))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await outcome(newsroomPage("../../x"))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });

  it("downloads its months and its releases, defusing a title a spreadsheet would run; 404 for anything else", async () => {
    const { owner, company, release } = await world();
    await signIn(owner.id);
    const releases = await newsroomCsv(company.id, "pressemitteilungen");
    expect([releases.status, releases.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    const csv = await releases.text();
    expect(csv).toContain(`"${release.id}";"'=HYPERLINK(""http://x.example"")";`);
    expect(csv).toContain(';"3";"3";"0";');
    const months = await (await newsroomCsv(company.id, "monate")).text();
    expect(months.split("\r\n").filter(Boolean)).toHaveLength(13);
    for (const table of ["../../x", "newsrooms", "aufrufe"]) expect((await newsroomCsv(company.id, table)).status).toBe(404);
    await signIn((await seedReachNewsroom()).owner.id);
    expect((await newsroomCsv(company.id, "monate")).status).toBe(404);
  });

  it("is linked from the newsroom's profile page", async () => {
    const { owner, company } = await world();
    await signIn(owner.id);
    const page = (await import("@/app/hub/dashboard/newsrooms/[id]/page")).default as (props: {
      params: Promise<{ id: string }>;
      searchParams: Promise<Params>;
    }) => Promise<ReactElement>;
    const html = renderToStaticMarkup(
      await page({ params: Promise.resolve({ id: String(company.id) }), searchParams: Promise.resolve({}) }),
    );
    expect(html).toContain(`href="/dashboard/newsrooms/${company.id}/reichweite"`);
  });
});

describe("the admin's reach report", () => {
  it("opens for staff with its permission, reading hostile parameters as the whole business portal with notices", async () => {
    const { company } = await world();
    await signIn((await seedUser({ staffRole: "admin", permissions: ["press-releases:publish"] })).id);
    const html = await adminPage({ portal: "evil", newsroom: "-1", page: "-1", q: "\u0000".repeat(3) });
    const body = text(html);
    expect(body).toContain("Das angegebene Portal gibt es nicht");
    expect(body).toContain("Die Angabe des Newsrooms ist keine gültige Nummer");
    expect(body).toContain("Die angegebene Seite gibt es nicht");
    expect(body).toContain("Newsrooms nach Aufrufen");
    const narrowed = text(await adminPage({ portal: "business", newsroom: String(company.id) }));
    expect(narrowed).toContain(`Gewählter Newsroom: ${company.name}`);
    expect(text(await adminPage({ newsroom: "2147483647" }))).toContain("Diesen Newsroom gibt es nicht");
  });

  it("refuses customers and other staff; its downloads answer 404 for an unknown table, portal or newsroom", async () => {
    const { owner, company } = await world();
    await signIn(owner.id);
    expect(await outcome(adminPage())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    expect((await adminCsv("monate")).status).toBe(403);
    await signIn((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    expect(await outcome(adminPage())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");

    await signIn((await seedUser({ staffRole: "admin", permissions: ["press-releases:publish"] })).id);
    const ok = await adminCsv("pressemitteilungen", `?portal=business&newsroom=${company.id}`);
    expect([ok.status, ok.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    expect(await csvOf(ok)).toMatch(/^\uFEFF"Nr\.";"Pressemitteilung";"Veröffentlicht";"Aufrufe"/);
    expect(await (await adminCsv("newsrooms", "?portal=business")).text()).toContain(`"${company.id}";"${company.name}";"1";"3";"3";"0"`);
    for (const [table, query] of [
      ["../../x", ""],
      ["monate", "?portal=evil"],
      ["monate", "?newsroom=-1"],
      ["monate", "?newsroom=2147483647"],
    ] as const) {
      expect((await adminCsv(table, query)).status).toBe(404);
    }
  });
});
