import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { addVirtualAuthenticator, confirmAdminArea, HUB, newAdmin, query, registerCustomer, runId, signIn, test } from "./auth-support";
import { getAs } from "./host-request";
import { createNewsroom, grantPlan } from "./newsroom-support";
import { declareAi, typeReleaseText } from "./release-editor-support";
import { expectValidHubPage } from "./html-validator";
import { confirmInDialog } from "./confirm-support";

// The admin area's release, newsroom, user and category screens as an editor uses them: find a
// customer's release, take it off the portal (410) and bring it back, look at its newsroom and
// its author, end the author's sessions, and give a category a description the portal then
// shows. Every admin page met on the way is checked by the HTML validator.

const TECH = `http://${E2E_HOSTS.tech}`;

/**
 * An editor with the release, newsroom and user screens, past the admin-area confirmation. The
 * content-security-policy reports the editor's browser sends are collected: none are expected.
 */
async function signInAsEditor(browser: Browser): Promise<{ page: Page; email: string; cspReports: string[] }> {
  const page = await browser.newPage();
  const cspReports: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/csp-report") cspReports.push(r.postData() ?? "");
  });
  await addVirtualAuthenticator(page.context(), page);
  const email = await newAdmin();
  await query(`UPDATE users SET permissions = ARRAY['press-releases:publish', 'companies:write', 'users:manage'] WHERE email = $1`, [
    email,
  ]);
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, email);
  return { page, email, cspReports };
}

/** A new customer with a Tech newsroom and a plan, who writes a release that passes the check. */
async function publishedRelease(page: Page, run: string): Promise<{ email: string; newsroom: string; title: string }> {
  const customer = await registerCustomer(page, "adminarea");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const newsroom = `Hafenlicht Verwaltung ${run}`;
  const companyId = await createNewsroom(page, newsroom);
  await grantPlan(customer.email, companyId);
  await page.goto(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  const title = `Hafenlicht beleuchtet Containerterminal Waltershof (${run})`;
  await page.getByLabel("Kategorie").selectOption({ label: "Software" });
  await page.getByLabel("Überschrift").fill(title);
  await typeReleaseText(page, [
    "Hafenlicht hat am Containerterminal Waltershof 420 Masten auf sparsame Leuchten mit eigener Steuerung umgerüstet.",
    "Die Software regelt das Licht nach dem Verkehr auf den Stellflächen und senkt den Strombedarf um etwa sechzig Prozent.",
    "Der Umbau dauerte acht Monate und lief bei vollem Betrieb; die Steuerung meldet Ausfälle direkt an die Leitstelle.",
    "Für das kommende Jahr plant Hafenlicht die gleiche Technik an zwei weiteren Terminals in Hamburg und Bremerhaven.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Hamburg");
  await page.getByLabel("Pressekontakt: Name").fill("Pressestelle Hafenlicht");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@hafenlicht.example.com");
  const legal = page.getByRole("group", { name: "Vor dem Einreichen bestätigen" });
  for (const box of await legal.getByRole("checkbox").all()) await box.check();
  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  await expect(page.locator("p", { hasText: "Status:" }).locator(".badge")).toHaveText("Veröffentlicht", { timeout: 30_000 });
  return { email: customer.email, newsroom, title };
}

/** Opens a folded decision, gives the reason and confirms the browser's question. */
async function decide(page: Page, label: string, reason: string) {
  await page.locator("summary", { hasText: label }).click();
  const form = page.locator("details[open] form");
  await form.getByRole("textbox").fill(reason);
  await form.getByRole("button", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) }).click();
  await confirmInDialog(page);
}

async function statusOf(url: string): Promise<number> {
  const { host, pathname } = new URL(url);
  return (await getAs(host, pathname)).status;
}

test("an editor finds a release, takes it off the portal (410) and back, and looks at its newsroom and author", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = runId();
  const { email: author, newsroom, title } = await publishedRelease(page, run);
  const { page: admin, cspReports } = await signInAsEditor(browser);

  // Search over every release; the result leads to the detail.
  await admin.goto(`${HUB}/admin/releases`);
  await admin.getByLabel("Suchbegriffe oder Nummer").fill(`Waltershof ${run}`);
  await admin.getByRole("button", { name: "Suchen" }).click();
  await admin.getByRole("link", { name: title }).click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const publicUrl = (await admin
    .getByRole("definition")
    .filter({ hasText: "/de/pressemitteilung/" })
    .getByRole("link")
    .getAttribute("href"))!;
  expect(await statusOf(publicUrl)).toBe(200);
  await expect(admin.getByRole("link", { name: "Bilder und Nachweise öffnen" })).toHaveAttribute("href", /\/admin\/releases\/\d+\/images$/);
  const detailPath = new URL(admin.url()).pathname;
  await expectValidHubPage(admin, detailPath);

  // Tombstone: a reason is required, the public page answers 410, the history names it.
  await decide(admin, "Dauerhaft entfernen", "Beschwerde über Markenrechte");
  await expect(admin.getByRole("status").filter({ hasText: "Entfernt." })).toBeVisible();
  await expect(admin.locator(".badge-gone").first()).toHaveText("Entfernt");
  await expect(admin.getByRole("table", { name: "Historie der Pressemitteilung" }).getByRole("row").nth(1)).toContainText(
    "Beschwerde über Markenrechte",
  );
  await expect.poll(() => statusOf(publicUrl), { timeout: 15_000 }).toBe(410);

  // Unmark: the release is back as it was.
  await decide(admin, "Entfernung aufheben", "Beschwerde zurückgezogen");
  await expect(admin.getByRole("status").filter({ hasText: "Entfernung aufgehoben" })).toBeVisible();
  await expect.poll(() => statusOf(publicUrl), { timeout: 15_000 }).toBe(200);

  // Its newsroom: facts, members with role and grant; a merge preview with itself is refused.
  await admin.getByRole("definition").getByRole("link", { name: newsroom }).click();
  await expect(admin.getByRole("heading", { level: 1, name: newsroom })).toBeVisible();
  const members = admin.getByRole("table", { name: "Mitglieder des Newsrooms" });
  await expect(members.getByRole("row", { name: new RegExp(author) })).toContainText("Inhaber/in");
  const companyPath = new URL(admin.url()).pathname;
  await admin.getByLabel("Anderer Newsroom (Nr.)").fill(companyPath.split("/").at(-1)!);
  await admin.getByRole("button", { name: "Vorschau zeigen" }).click();
  await expect(admin.getByText("Ein Newsroom kann nicht mit sich selbst zusammengeführt werden.")).toBeVisible();
  await expectValidHubPage(admin, companyPath);

  // Its author: account, login history and the session the customer's browser holds; no secret.
  await members.getByRole("link").first().click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("E2E adminarea");
  await expect(admin.getByRole("table", { name: "Anmeldeverlauf" })).toContainText("Anmeldung");
  await expect(admin.getByRole("table", { name: "Aktive Sitzungen" })).toBeVisible();
  const userPath = new URL(admin.url()).pathname;
  expect(await admin.content()).not.toMatch(/\$argon2|password_?hash|totp_?secret|token_?hash/i);
  await expectValidHubPage(admin, userPath);

  // Ending every session signs the customer out.
  await admin.getByRole("button", { name: "Alle Sitzungen beenden" }).click();
  await confirmInDialog(admin);
  await expect(admin.getByRole("status").filter({ hasText: "beendet" })).toBeVisible();
  await page.goto(`${HUB}/dashboard`);
  await expect(page).toHaveURL(`${HUB}/login`);

  // A legal measure took the release off the portals (as executing a legal request records it):
  // this editor lacks compliance:manage, so the page says why republishing is not offered, and
  // who filed the request is not on the page.
  const releaseId = Number(detailPath.split("/").at(-1));
  const requester = `Vertrauliche Hinweisgeberin ${run}`;
  const [request] = await query<{ id: number }>(
    `INSERT INTO legal_requests (track, source, status, press_release_id, requester_name, requester_email, body, executed_at, updated_at)
     VALUES ('report', 'form', 'executed', $1, $2, $3, 'Persönlichkeitsrecht verletzt', now(), now()) RETURNING id`,
    [releaseId, requester, `hinweis-${run}@example.com`],
  );
  await query(
    `INSERT INTO press_release_corrections (press_release_id, legal_request_id, kind, portal, language, release_title, note)
     SELECT id, $2, 'withdrawal', portal, language, title, 'Zurückgezogen.' FROM press_releases WHERE id = $1`,
    [releaseId, request!.id],
  );
  await query(`UPDATE press_releases SET status = 'depublished' WHERE id = $1`, [releaseId]);
  await admin.goto(`${HUB}${detailPath}`);
  await expect(admin.locator("#legal-withdrawal-note")).toContainText(`rechtliches Anliegen Nr. ${request!.id}`);
  await expect(admin.locator("#legal-withdrawal-note")).toContainText(
    "Wieder veröffentlichen kann sie nur, wer rechtliche Anliegen bearbeitet",
  );
  await expect(admin.locator("summary", { hasText: "Wieder veröffentlichen" })).toHaveCount(0);
  await expect(admin.getByRole("table", { name: "Rechtliche Anliegen zu dieser Pressemitteilung" })).toContainText("Formular");
  expect(await admin.content()).not.toContain(requester);
  await expectValidHubPage(admin, detailPath);

  // A NUL in a filter is dropped like in the words, never a 500.
  for (const path of [
    "/admin/releases",
    `/admin/releases?q=${encodeURIComponent(`Waltershof ${run}`)}&status=published`,
    "/admin/releases?newsroom=%00",
    "/admin/releases?newsroom=a%00b&q=%00",
    "/admin/companies",
    `/admin/companies?q=${encodeURIComponent(newsroom)}`,
    "/admin/users",
    "/admin/categories",
  ]) {
    await expectValidHubPage(admin, path);
  }
  expect(cspReports).toEqual([]);
});

test("a newsroom page read with a merge parameter runs no merge; the preview runs when the editor asks for it", async ({ browser }) => {
  test.setTimeout(90_000);
  const run = runId();
  const { page: admin, cspReports } = await signInAsEditor(browser);
  const email = `presse-${run}@zwilling.example.com`;
  const newsroom = async (name: string) =>
    (
      await query<{ id: number }>(
        `INSERT INTO companies (portal, slug, name, email, updated_at) VALUES ('tech', $1, $2, $3, now()) RETURNING id`,
        [`zwilling-${name.toLowerCase()}-${run}`, `Zwilling ${name} ${run}`, email],
      )
    )[0]!.id;
  const [stays, goes] = [await newsroom("Nord"), await newsroom("Sued")];
  // Every merge, a dry run too, writes its moves; a rolled-back insert still advances the sequence.
  const mergeMoves = async () =>
    (await query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM company_merge_moves_id_seq`))[0];
  const before = await mergeMoves();

  // The old preview link: a plain GET. It shows the page and computes nothing.
  const path = `/admin/companies/${stays}`;
  const res = await admin.goto(`${HUB}${path}?zusammenfuehren=${goes}&richtung=aufnehmen`);
  expect(res?.status()).toBe(200);
  await expect(admin.getByRole("heading", { level: 1, name: `Zwilling Nord ${run}` })).toBeVisible();
  await expect(admin.getByText("ginge in")).toHaveCount(0);
  expect(await mergeMoves()).toEqual(before);
  const stateOf = () =>
    query(`SELECT id, merged_into_company_id, is_active, portal, updated_at FROM companies WHERE id = ANY($1) ORDER BY id`, [
      [stays, goes],
    ]);
  const companies = await stateOf();

  // The preview is a POST of its own form: the newsroom with the same e-mail is offered.
  await admin.getByRole("button", { name: `Vorschau: hier aufnehmen (Zwilling Sued ${run})` }).click();
  await expect(admin.locator(".admin-merge-preview")).toContainText(
    `Zwilling Sued ${run} (Nr. ${goes}) ginge in Zwilling Nord ${run} (Nr. ${stays}) auf`,
  );
  await expect(admin.locator(".admin-merge-preview")).toContainText(`companies:merge ${stays} ${goes}`);
  expect(await mergeMoves()).not.toEqual(before);
  expect(await stateOf()).toEqual(companies);
  await expectValidHubPage(admin, `${path}?zusammenfuehren=${goes}`);
  expect(cspReports).toEqual([]);
});

test("an editor gives a category a description that the portal's category page then shows", async ({ browser }) => {
  test.setTimeout(90_000);
  const { page: admin, cspReports } = await signInAsEditor(browser);
  const text = `Neues aus Verkehr und Mobilität, zusammengestellt von der Redaktion (${runId()}).`;
  await admin.goto(`${HUB}/admin/categories`);
  await admin.getByRole("table", { name: "Kategorien von Pressdesk Tech" }).getByRole("link", { name: "Mobilität", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Kategorie: Mobilität" })).toBeVisible();
  await expectValidHubPage(admin, new URL(admin.url()).pathname);
  await admin.getByLabel("Beschreibung (Deutsch)").fill(text);
  await admin.getByRole("button", { name: "Speichern" }).click();
  await expect(admin.getByRole("status")).toContainText("Gespeichert: Beschreibung (Deutsch)");

  await expect(async () => {
    const res = await getAs(E2E_HOSTS.tech, "/de/category/mobilitaet");
    expect(res.status).toBe(200);
    expect(res.body).toContain(text);
  }).toPass({ timeout: 15_000 });
  const reader = await browser.newPage();
  await reader.goto(`${TECH}/de/category/mobilitaet`);
  await expect(reader.locator("main > p.lead")).toHaveText(text);
  expect(cspReports).toEqual([]);
});

test("a customer meets 403 on the admin screens", async ({ page }) => {
  await signIn(page, "owner@nordlicht-energie.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  for (const path of ["/admin/releases", "/admin/companies", "/admin/users/1", "/admin/categories"]) {
    expect((await page.goto(`${HUB}${path}`))?.status(), path).toBe(403);
  }
});
