import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { HUB, query, rememberSecret, runId, signIn, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";
import { declareAi, typeReleaseText } from "./release-editor-support";

// The reach report as a newsroom owner meets it on the embedded default: a release is
// published, a reader opens it on the portal (the view beacon counts the view) and shares it,
// the view aggregation books both, and the release's page in the dashboard shows them in the
// chart's table, in the shares table and in the CSV download; the newsroom's report lists the
// release with its view.

const BUSINESS = `http://${E2E_HOSTS.business}`;
const OWNER = "owner@hansebank.example";
// Headless Chromium names itself HeadlessChrome, which counts as a bot; a reader's browser does not.
const READER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Today in Berlin as the report writes a day: "07.12.2026". */
const germanToday = () =>
  new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());

async function publishRelease(page: Page, title: string): Promise<number> {
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Neue Pressemitteilung" })).toBeVisible();
  await page.getByLabel("Kategorie").selectOption({ label: "Finanzen" });
  await page.getByLabel("Überschrift").fill(title);
  await typeReleaseText(page, [
    "Die Hansebank eröffnet in Lüneburg ein Beratungszentrum für Unternehmen aus dem Landkreis und der Region Heide.",
    "In dem Neubau am Stint arbeiten künftig 28 Beschäftigte in der Firmenkundenberatung, im Auslandsgeschäft und in der Fördermittelberatung.",
    "Das Zentrum ist werktags von 8 bis 18 Uhr geöffnet; Termine für Gespräche am Abend lassen sich telefonisch vereinbaren.",
    "Der Umbau des früheren Kontorhauses dauerte zwei Jahre, die Investition beträgt nach Angaben der Bank 12 Millionen Euro.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Lüneburg");
  await page.getByLabel("Pressekontakt: Name").fill("Tobias Brandt");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@hansebank.example");
  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  await expect(page.locator("p", { hasText: "Status:" }).locator(".badge")).toHaveText("Veröffentlicht", { timeout: 45_000 });
  return Number(/releases\/(\d+)$/.exec(page.url())![1]);
}

/** The release's booked counts as "metric=count" pairs. */
async function countsOf(releaseId: number): Promise<Record<string, number>> {
  const rows = await query<{ metric: string; n: number }>(
    "SELECT metric, sum(count)::int AS n FROM release_daily_counts WHERE press_release_id = $1 GROUP BY metric",
    [releaseId],
  );
  return Object.fromEntries(rows.map((r) => [r.metric, r.n]));
}

/**
 * The view aggregation, run now instead of at the next ten-minute mark: the console command
 * (the same function the schedule runs), against the running server's database.
 */
async function runAggregation(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "pd-e2e-cli-"));
  try {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["bin/cli.ts", "press-releases:aggregate-views"], {
      env: { ...env, EMBEDDED_DATA_DIR: dataDir, EMBEDDED_DB_PORT: process.env.E2E_DB_PORT ?? "54390" },
      timeout: 60_000,
    });
    return stdout;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

test("a reader's view and share of a new release appear in its reach report, its CSV and the newsroom's report", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Hansebank eröffnet Beratungszentrum in Lüneburg (${runId()})`;
  const releaseId = await publishRelease(page, title);
  const [{ slug, companyId }] = (await query<{ slug: string; companyId: number }>(
    'SELECT slug, company_id AS "companyId" FROM press_releases WHERE id = $1',
    [releaseId],
  )) as [{ slug: string; companyId: number }];

  // A reader on a machine of their own opens the release on the portal and copies its link.
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const readerAddress = `10.${octet()}.${octet()}.${octet()}`;
  // A client address must never reach the server's log (the log scan checks every one the tests used).
  rememberSecret(readerAddress);
  const reader = await browser.newPage({ userAgent: READER_AGENT, extraHTTPHeaders: { "x-forwarded-for": readerAddress } });
  const beacon = reader.waitForResponse((r) => /\/seen\/\d+$/.test(r.url()));
  await reader.goto(`${BUSINESS}/de/pressemitteilung/${slug}`);
  await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect((await beacon).status()).toBe(200);
  const shared = reader.waitForResponse((r) => r.url().endsWith("/share") && r.request().method() === "POST");
  await reader.getByRole("button", { name: "Link kopieren" }).click();
  expect((await shared).status()).toBe(201);
  await reader.close();
  await expect
    .poll(async () =>
      Number(
        (
          await query<{ n: string }>(
            "SELECT count(*) AS n FROM press_release_events WHERE press_release_id = $1 AND type IN ('view', 'share')",
            [releaseId],
          )
        )[0]!.n,
      ),
    )
    .toBe(2);

  // The aggregation books them (a run of the schedule may have come first; then there is nothing left).
  await expect(async () => {
    const counts = await countsOf(releaseId);
    if (!counts["view"] || !counts["share:copy_link"]) await runAggregation();
    expect(await countsOf(releaseId)).toEqual({ view: 1, "share:copy_link": 1 });
  }).toPass({ timeout: 150_000, intervals: [1_000] });

  // The release's page in the dashboard: the key figures, the chart with its table, the shares.
  await page.goto(`${HUB}/dashboard/releases/${releaseId}`);
  const reach = page.getByRole("region", { name: "Reichweite" });
  await expect(reach.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}; Aufrufe werden alle 10 Minuten gezählt\.$/)).toBeVisible();
  await expect(reach.getByRole("img", { name: /^Aufrufe pro Tag: 1 Aufruf / })).toBeVisible();
  const perDay = reach.getByRole("table", { name: "Aufrufe pro Tag" });
  await expect(perDay.getByRole("row", { name: `${germanToday()} 1`, exact: true })).toBeVisible();
  const shares = reach.getByRole("table", { name: "Teilungen je Kanal" });
  await expect(shares.getByRole("row", { name: "Link kopiert 1", exact: true })).toBeVisible();
  await expect(shares.getByRole("row", { name: "LinkedIn 0", exact: true })).toBeVisible();

  // Its CSV file, as the browser downloads it.
  const download = page.waitForEvent("download");
  await reach.getByRole("link", { name: "CSV herunterladen: Teilungen je Kanal" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`reichweite-pressemitteilung-${releaseId}-teilungen.csv`);
  const csv = await readFile((await file.path())!, "utf8");
  expect(csv).toBe('\uFEFF"Kanal";"Teilungen"\r\n"LinkedIn";"0"\r\n"X";"0"\r\n"E-Mail";"0"\r\n"Link kopiert";"1"\r\n');
  // The views table's file, fetched by the signed-in browser itself (the runner cannot resolve *.localhost).
  const views = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, cacheControl: res.headers.get("cache-control"), text: await res.text() };
  }, `${HUB}/dashboard/releases/${releaseId}/reichweite/aufrufe`);
  expect([views.status, views.cacheControl]).toEqual([200, "private, no-store"]);
  expect(views.text).toMatch(/"\d{4}-\d{2}-\d{2}";"1"\r\n$/);

  // The newsroom's report lists the release with its view and its share.
  await page.goto(`${HUB}/dashboard/newsrooms/${companyId}`);
  await page.getByRole("navigation", { name: "Bereiche des Newsrooms" }).getByRole("link", { name: "Reichweite" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reichweite" })).toBeVisible();
  const row = page.getByRole("table", { name: "Pressemitteilungen nach Aufrufen" }).getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell")).toHaveText([/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/, "1", "1", "0", /.+/]);
  await expectValidHubPage(page, `/dashboard/newsrooms/${companyId}/reichweite`);
});
