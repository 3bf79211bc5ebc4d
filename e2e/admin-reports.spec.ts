import { expect, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { addVirtualAuthenticator, confirmAdminArea, HUB, newAdmin, query, runId, signIn, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";

// The four admin reports as an editor opens them: each with a filter, the activity report's
// old and new type names under one filter, the submitter report's CSV download, and the served
// HTML of every report page through the validator (charts included: server-rendered SVG).

/** Staff holding the permissions of all four reports, past the admin-area confirmation. */
async function signInAsAnalyst(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await addVirtualAuthenticator(page.context(), page);
  const email = await newAdmin();
  await query(`UPDATE users SET permissions = ARRAY['press-releases:publish', 'compliance:manage', 'billing:manage'] WHERE email = $1`, [
    email,
  ]);
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, email);
  return page;
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());

test("an editor reads the activity, indexing, submitter and funnel reports and downloads the CSV", async ({ browser }) => {
  const run = runId();
  const word = `Prüfgrund${run}`;
  // A login written under the old name and one under the registry's, both by the system.
  await query(
    `INSERT INTO activity_log (type, path, reason, created_at) VALUES ('Login', 'password', $1, now() - interval '1 minute'), ('user.logged_in', 'login_link', $1, now())`,
    [word],
  );
  const dead = `tot-${run}@example.com`;
  const [author] = await query<{ id: number }>(
    `INSERT INTO users (email, name, created_at, updated_at) VALUES ($1, 'Toni Tot', now(), now()) RETURNING id`,
    [dead],
  );
  const [company] = await query<{ id: number }>(`SELECT id FROM companies ORDER BY id LIMIT 1`);
  await query(
    `INSERT INTO press_releases (company_id, author_user_id, portal, language, slug, title, body, content_hash, status, updated_at)
     VALUES ($1, $2, 'business', 'de', $3, $4, '<p>Text</p>', md5($3), 'rejected', now())`,
    [company!.id, author!.id, `report-${run}`, `=Werbung ${run}`],
  );
  await query(
    `INSERT INTO email_suppressions (email, state, reason, created_at, updated_at) VALUES ($1, 'hard_bounce', '550 5.1.1 unknown user', now(), now())`,
    [dead],
  );
  await query(
    `INSERT INTO press_release_history (press_release_id, from_status, to_status, actor_type, outcome, reason)
     SELECT id, 'in_review', 'rejected', 'ki', 'rejected', 'advertising' FROM press_releases WHERE slug = $1`,
    [`report-${run}`],
  );
  await query(
    `INSERT INTO feed_fetches (feed_kind, feed_key, portal, language, reader, subscriber_count, user_agent_short) VALUES ('main', 'main', 'business', 'de', 'feedly', 77, 'Feedly/1.0')`,
  );
  await query(`INSERT INTO conversion_events (stage, source, company_id) VALUES (1, 'newsletter', $1), (5, 'card', $1)`, [company!.id]);

  const page = await signInAsAnalyst(browser);

  // Activity: one type filter finds both names; the search narrows to this run's rows.
  await page.goto(`${HUB}/admin/reports/activity`);
  await expect(page.getByRole("heading", { level: 1, name: "Aktivität" })).toBeVisible();
  const filter = page.getByRole("search", { name: "Aktivität filtern" });
  await filter.getByLabel("Ereignis").selectOption({ label: "Anmeldung" });
  await filter.getByLabel("Suche").fill(word.toLowerCase().slice(0, -2));
  await filter.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(/type=user\.logged_in/);
  const rows = page.getByRole("table", { name: "Aktivitätseinträge, neueste zuerst" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Login-Link");
  await expect(rows.nth(1)).toContainText("gespeichert als Login");
  await expect(rows.nth(0).getByText("System")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Einträge pro Tag: Anmeldung:/ })).toBeVisible();
  await expectValidHubPage(page, new URL(page.url()).pathname + new URL(page.url()).search);

  // Indexing and fetches, with a time range.
  await page.goto(`${HUB}/admin/reports/indexing?from=${today()}&to=${today()}`);
  await expect(page.getByRole("table", { name: "Feedreader mit gemeldeten Abonnenten" })).toContainText("feedly");
  await expect(page.getByRole("img", { name: /^Feed-Abrufe pro Tag:/ })).toBeVisible();
  await expectValidHubPage(page, `/admin/reports/indexing?from=${today()}&to=${today()}`);

  // Submitters: the dead address and the rejection, as a table and as CSV.
  await page.goto(`${HUB}/admin/reports/submitters?from=${today()}&to=${today()}`);
  await expect(page.getByRole("table", { name: "Unzustellbare Adressen von Einsendern" })).toContainText(dead);
  await expect(page.getByRole("table", { name: "Automatisch abgelehnte Pressemitteilungen mit Grund" })).toContainText(`=Werbung ${run}`);
  await expect(page.getByLabel("Bericht zum Kopieren")).toHaveValue(new RegExp(dead.replace(/[.]/g, "\\.")));
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Ablehnungen als CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`einsender-abgelehnt-${today()}-${today()}.csv`);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(`"'=Werbung ${run}"`);
  expect(csv).toContain(`"${dead}"`);
  await expectValidHubPage(page, `/admin/reports/submitters?from=${today()}&to=${today()}`);

  // Funnel, with a time range: the stages as bars and as numbers.
  await page.goto(`${HUB}/admin/reports/funnel?from=${today()}&to=${today()}`);
  await expect(page.getByRole("img", { name: /^Eindeutig je Stufe\. Stufe 1 Erstbesuch über einen Mail-Link: [1-9]/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Conversion-Funnel je Stufe und Quelle" })).toContainText("5 · Zahlung");
  await expectValidHubPage(page, `/admin/reports/funnel?from=${today()}&to=${today()}`);
});

test("an editor without the activity report's permission is refused it", async ({ browser }) => {
  const page = await browser.newPage();
  await addVirtualAuthenticator(page.context(), page);
  const email = await newAdmin();
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, email);
  await page.goto(`${HUB}/admin/reports/activity`);
  await expect(page.getByRole("heading", { level: 1, name: "Keine Berechtigung" })).toBeVisible();
  // The navigation offers only what the demo editor may open.
  await expect(page.getByRole("link", { name: "Einsender" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Aktivität" })).toHaveCount(0);
});
