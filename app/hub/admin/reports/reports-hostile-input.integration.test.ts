import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { db } from "@/lib/core/db/client";
import { runWithDeadline } from "@/tests/run-with-deadline";
import { seedUser } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";

// The four report pages and the CSV download as an attacker calls them: extreme and malformed
// dates, repeated parameters, NUL, 10,000 characters, forged page cursors. Each answers with
// the report and a notice (or, for the download, a 422 with the reason), never a 500 or a loop.
// The pages run for real behind a session cookie and are rendered to HTML.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const EXTREMES = ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31", "+010000-01-01", "2026-02-30", "2026-13-01"];
type Params = Record<string, string | string[]>;

// The pages count their chart's days in this process: first make sure that cannot loop (a loop
// would hang the file instead of failing it).
let rangeCodeEnds = false;
beforeAll(async () => {
  const run = await runWithDeadline(
    "lib/domains/reports/report-range.ts",
    `return ${JSON.stringify(EXTREMES)}.map((d) => m.daysOf(m.pageRange({ from: d, to: d }, 30).range).length);`,
  );
  rangeCodeEnds = run.finished && !run.threw;
});

async function signInAs(screen: keyof typeof ADMIN_SCREENS): Promise<void> {
  const user = await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS[screen].permission] });
  await signIn(user.id, "198.51.100.10");
}

const PAGES = {
  activityReport: () => import("./activity/page"),
  indexingReport: () => import("./indexing/page"),
  submitterReport: () => import("./submitters/page"),
  funnelReport: () => import("./funnel/page"),
} as const;

/** The page rendered to HTML, as the admin holding its permission sees it. */
async function render(screen: keyof typeof PAGES, params: Params): Promise<string> {
  expect(rangeCodeEnds, "the range code ends within 2 s").toBe(true);
  await signInAs(screen);
  const page = (await PAGES[screen]()).default as (props: { searchParams: Promise<Params> }) => Promise<ReactElement>;
  return renderToStaticMarkup(await page({ searchParams: Promise.resolve(params) }));
}

const NOTICE = /<div class="[^"]*" role="status" id="report-notices">(.*?)<\/div>/;
const noticeOf = (html: string) =>
  NOTICE.exec(html)?.[1]
    ?.replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim() ?? null;

const csv = async (query: string) =>
  (await import("./submitters/csv/route")).GET(new Request(`http://hub.localhost/admin/reports/submitters/csv?${query}`));

describe("report pages with extreme dates (attacker)", () => {
  for (const day of EXTREMES) {
    it(`from=${day} and to=${day}: every report renders its default range with a German notice`, async () => {
      for (const screen of ["indexingReport", "submitterReport", "funnelReport"] as const) {
        for (const params of [{ to: day }, { from: day }] as Params[]) {
          const html = await render(screen, params);
          const notice = noticeOf(html);
          expect(notice, `${screen} ${JSON.stringify(params)}`).toMatch(
            /^„(Von|Bis)“ (ist kein gültiges Datum|liegt außerhalb des möglichen Zeitraums \(01\.01\.2000 bis \d\d\.\d\d\.\d{4}\)) und wurde nicht übernommen\. Gezeigt wird der Zeitraum vom \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4}\.$/,
          );
          // The filter shows the range the report was made for.
          expect(html).toMatch(/type="date" min="2000-01-01" max="\d{4}-\d{2}-\d{2}" name="to" value="\d{4}-\d{2}-\d{2}"/);
        }
      }
      const activity = await render("activityReport", { from: day, to: day });
      expect(noticeOf(activity)).toMatch(/„Von“ .* nicht übernommen\. „Bis“ .* nicht übernommen\.$/);
      expect(activity).toMatch(/type="date" min="2000-01-01" max="\d{4}-\d{2}-\d{2}" name="from" value=""/);
    });
  }

  it("the submitter report for to=9999-12-31 (once a 500) shows its text for the default range", async () => {
    const html = await render("submitterReport", { to: "9999-12-31" });
    expect(html).toContain("Automatisch abgelehnte Meldungen vom");
    expect(html).not.toContain("9999");
  });

  it("from after to is swapped, a range over 400 days cut, each said on the page", async () => {
    expect(noticeOf(await render("funnelReport", { from: "2026-03-31", to: "2026-03-01" }))).toBe(
      "„Von“ lag nach „Bis“; die beiden Tage wurden getauscht. Gezeigt wird der Zeitraum vom 01.03.2026 bis 31.03.2026.",
    );
    expect(noticeOf(await render("indexingReport", { from: "2000-01-01", to: "2026-03-31" }))).toBe(
      "Ein Bericht umfasst höchstens 400 Tage; gezeigt werden die 400 Tage bis 31.03.2026. Gezeigt wird der Zeitraum vom 25.02.2025 bis 31.03.2026.",
    );
    expect(noticeOf(await render("submitterReport", { from: "2026-03-01", to: "2026-03-31" }))).toBeNull();
  });

  it("repeated dates, NUL and 10,000 characters: a notice that does not repeat them", async () => {
    for (const from of [["2026-03-01", "2026-03-02"], "2026-03-01\u0000", "9".repeat(10_000), "<b>2026</b>"]) {
      const html = await render("funnelReport", { from });
      expect(noticeOf(html)).toMatch(/^„Von“ ist kein gültiges Datum und wurde nicht übernommen\./);
      expect(html).not.toContain("9".repeat(100));
      expect(html).not.toContain("<b>2026");
    }
  });
});

describe("the activity page with hostile types, searches and cursors (attacker)", () => {
  beforeAll(async () => {
    await db.activityLog.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        type: ACTIVITY.userLoggedIn,
        createdAt: new Date(Date.now() - i * 60_000),
        path: "password",
      })),
    });
  });

  it("ignores what it cannot use and says so; the newest entries are shown", async () => {
    const cases: [Params, RegExp | null][] = [
      [{ type: [ACTIVITY.userLoggedIn, ACTIVITY.formIntake] }, /^Das gewählte Ereignis gibt es nicht; gezeigt werden alle Ereignisse\.$/],
      [{ type: "x".repeat(10_000) }, /^Das gewählte Ereignis gibt es nicht/],
      [{ type: "\u0000" }, /^Das gewählte Ereignis gibt es nicht/],
      [{ before: "-1.5" }, /^Der Verweis auf die Seite ist ungültig; gezeigt werden die neuesten Einträge\.$/],
      [{ before: "999999999999999.1" }, /^Der Verweis auf die Seite ist ungültig/],
      [{ after: "1767261600123.99999999999999999999" }, /^Der Verweis auf die Seite ist ungültig/],
      [{ before: ["1.1", "2.2"] }, /^Der Verweis auf die Seite ist ungültig/],
      [{ after: "x".repeat(10_000) }, /^Der Verweis auf die Seite ist ungültig/],
      [{ page: "-1", cursor: "\u0000", keyset: "x".repeat(10_000) }, null],
      [{ q: "\u0000" }, null],
      [{ q: ["a", "b"] }, null],
    ];
    for (const [params, notice] of cases) {
      const html = await render("activityReport", params);
      if (notice) expect(noticeOf(html), JSON.stringify(params).slice(0, 60)).toMatch(notice);
      else expect(noticeOf(html), JSON.stringify(params).slice(0, 60)).toBeNull();
      expect(html).not.toContain("x".repeat(300));
    }
    // A 10,000-character search is cut to the field's 200 and answered at once.
    const t = performance.now();
    const html = await render("activityReport", { q: `${"x".repeat(9_990)} password` });
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(html).toContain(`value="${"x".repeat(200)}"`);
  });
});

describe("GET /admin/reports/submitters/csv with hostile dates (attacker)", () => {
  it("refuses a range it cannot take as asked with 422 and the reason in German, never a 500", async () => {
    await signInAs("submitterReport");
    const queries = [
      ...EXTREMES.flatMap((d) => [`to=${encodeURIComponent(d)}`, `from=${encodeURIComponent(d)}`]),
      "part=rejections&to=9999-12-31",
      "from=2026-03-31&to=2026-03-01",
      "from=2000-01-01&to=2026-03-31",
      "from=2026-03-01&from=2026-03-02",
      "from=2026-03-01%00",
      `to=${"9".repeat(10_000)}`,
    ];
    for (const q of queries) {
      const res = await csv(q);
      expect(res.status, q.slice(0, 40)).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.message).toMatch(/^Der Zeitraum der CSV-Datei ist ungültig\. /);
    }
  });

  it("answers plausible days and hostile parts with a CSV", async () => {
    await signInAs("submitterReport");
    const res = await csv("part=rejections&from=2026-03-01&to=2026-03-31");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/einsender-abgelehnt-2026-03-01-2026-03-31\.csv/);
    for (const part of ["x".repeat(10_000), "%00", "addresses&part=rejections"]) {
      const r = await csv(`part=${part}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    }
  });
});
