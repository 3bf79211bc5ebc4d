import { expect, test, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { signIn, signInAsConfirmedAdmin } from "./auth-support";
import { getAs } from "./host-request";
import { declareAi, typeReleaseText } from "./release-editor-support";

// A customer's journey through the dashboard on the embedded default: the automatic check
// runs in-process right after submission, so its outcome shows within seconds.

const HUB = `http://${E2E_HOSTS.hub}`;
const PASSWORD = "pressdesk-demo-2026";
const OWNER = "owner@nordlicht-energie.example";
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The stored answers a publish must reach: the portal home, the edition feed and the news sitemap. */
const SURFACES = ["/de", "/de/feed", "/sitemap-news.xml"];
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Each surface shows the new release within 5 s of the publish: the invalidation drops its stored bytes (about a second). */
async function expectOnEverySurface(page: Page, title: string) {
  const since = Date.now();
  for (const path of SURFACES) {
    await expect(async () => {
      const answer = await getAs(E2E_HOSTS.business, path);
      expect(answer.body).toContain(escapeXml(title));
    }).toPass({ timeout: 5_000, intervals: [100] });
  }
  expect(Date.now() - since).toBeLessThan(5_000);
  await page.goto(`http://${E2E_HOSTS.business}/de`);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
}

async function writeRelease(page: Page, r: { title: string; body: string[] }) {
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Neue Pressemitteilung" })).toBeVisible();
  await page.getByLabel("Kategorie").selectOption({ label: "Energie" });
  await page.getByLabel("Überschrift").fill(r.title);
  await typeReleaseText(page, r.body);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Husum");
  await page.getByLabel("Pressekontakt: Name").fill("Jana Petersen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@nordlicht-energie.example");
  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
}

const statusBadge = (page: Page) => page.locator("p", { hasText: "Status:" }).locator(".badge");

test("a customer writes a release, it passes the automatic check and appears on the portal", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
  // The demo releases of the newsroom are listed with their status.
  await page.getByRole("navigation", { name: "Kundenbereich" }).getByRole("link", { name: "Pressemitteilungen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ihre Pressemitteilungen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb" })).toBeVisible();

  const title = `Nordlicht Energie eröffnet Servicezentrum in Husum (${run})`;
  // Stored before the publish, so the publish has stored bytes to drop.
  for (const path of SURFACES) expect((await getAs(E2E_HOSTS.business, path)).headers["x-pd-store"]).toMatch(/hit|miss/);
  await writeRelease(page, {
    title,
    body: [
      "Nordlicht Energie hat in Husum ein neues Servicezentrum für Kundinnen und Kunden aus Nordfriesland eröffnet.",
      "In dem Gebäude am Hafen arbeiten künftig 35 Beschäftigte in Beratung, Abrechnung und Netzservice.",
      "Das Zentrum ist montags bis freitags von 8 bis 18 Uhr geöffnet und bietet auch Termine für Beratungen zu Wärmepumpen an.",
      "Der Umbau des früheren Lagerhauses dauerte vierzehn Monate; das Dach trägt eine Solaranlage mit 120 Kilowatt Leistung.",
      "Bürgermeisterin und Geschäftsführung eröffneten das Zentrum gemeinsam mit den Beschäftigten.",
    ],
  });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(statusBadge(page)).toHaveText("Veröffentlicht", { timeout: 30_000 });

  await expectOnEverySurface(page, title);
});

test("a release that reads like an advert is rejected and the customer sees why", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await writeRelease(page, {
    title: `JETZT KAUFEN ALLES GRATIS ${run.toUpperCase()}`,
    body: [
      "JETZT KAUFEN!!! Nur heute gratis Rabatt!!! Klicken Sie hier.",
      "Dieses Angebot gilt nur für kurze Zeit und nur solange der Vorrat reicht. ".repeat(3).trim(),
    ],
  });
  await expect(statusBadge(page)).toHaveText("Abgelehnt", { timeout: 30_000 });
  await expect(page.getByText("Prüfung 1 von 3")).toBeVisible();
  await expect(page.getByText("Der Text liest sich wie Werbung, nicht wie eine Nachricht.")).toBeVisible();
  await expect(page.getByText("Die Überschrift ist in Großbuchstaben geschrieben.")).toBeVisible();
  // The rejected text can be edited and submitted again; the rules are checked while typing.
  await expect(page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" })).toBeVisible();
  await page.getByLabel("Überschrift").fill("Kurz");
  await page.getByLabel("Überschrift").blur();
  await expect(page.getByText("Die Überschrift braucht 10 bis 200 Zeichen (jetzt 4).")).toBeVisible();
});

test("a customer creates an API token after confirming the password and sees it once", async ({ page }) => {
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "API-Tokens" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API-Tokens" })).toBeVisible();
  const name = `Import ${run}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Ihr Passwort zur Bestätigung").fill("not-the-password");
  await page.getByRole("button", { name: "Token erstellen" }).click();
  await expect(page.getByText("Das Passwort ist nicht korrekt.").first()).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);

  await page.getByLabel("Ihr Passwort zur Bestätigung").fill(PASSWORD);
  await page.getByRole("button", { name: "Token erstellen" }).click();
  await expect(page.getByTestId("new-token")).toHaveText(/^pd_[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
});

test("wrong credentials get one message, whichever part was wrong", async ({ page }) => {
  const message = page.getByText("E-Mail-Adresse oder Passwort ist nicht korrekt.");
  await signIn(page, OWNER, "not-the-password");
  await expect(message).toBeVisible();
  await expect(page.getByLabel("E-Mail-Adresse", { exact: true })).toHaveValue(OWNER);
  await signIn(page, `nobody-${run}@example.test`);
  await expect(message).toBeVisible();
  await page.goto(`${HUB}/dashboard`);
  await expect(page).toHaveURL(`${HUB}/login`);
});

test("an admin sees the review queue; a customer gets 403 there", async ({ browser }) => {
  const admin = await signInAsConfirmedAdmin(browser);
  await admin
    .getByRole("navigation", { name: "Verwaltung" })
    .getByRole("link", { name: /^Prüfung erforderlich/ })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Prüfung erforderlich" })).toBeVisible();
  await admin.close();

  const customer = await browser.newPage();
  await signIn(customer, OWNER);
  await expect(customer).toHaveURL(`${HUB}/dashboard`);
  const response = await customer.goto(`${HUB}/admin/review`);
  expect(response?.status()).toBe(403);
  await expect(customer.getByRole("heading", { level: 1, name: "Keine Berechtigung" })).toBeVisible();
  await customer.close();
});

test("after the last allowed red check an admin decides and publishes the release", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await browser.newPage();
  await signIn(customer, OWNER);
  await expect(customer).toHaveURL(`${HUB}/dashboard`);
  const title = `JETZT NEU IM PROGRAMM ${run.toUpperCase()}`;
  await writeRelease(customer, {
    title,
    body: [
      "Ab heute gilt: JETZT KAUFEN!!! Nur heute gratis Rabatt.",
      "Das neue Programm umfasst Beratung und Service für Haushalte in Nordfriesland. ".repeat(3).trim(),
    ],
  });
  // Red three times: twice back to the customer, the third time to a person.
  for (const attempt of [1, 2]) {
    await expect(customer.getByText(`Prüfung ${attempt} von 3`)).toBeVisible({ timeout: 30_000 });
    await expect(statusBadge(customer)).toHaveText("Abgelehnt");
    await customer.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  }
  await expect(customer.getByText("Die Pressemitteilung liegt der Redaktion zur Entscheidung vor.")).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByText("Prüfung 3 von 3")).toBeVisible();

  const admin = await signInAsConfirmedAdmin(browser);
  // From the start page, one click to the queue.
  await admin.locator('[data-kind="review"]').click();
  const item = admin.getByRole("article").filter({ has: admin.getByRole("heading", { name: title }) });
  await expect(item.getByText("Die Überschrift ist in Großbuchstaben geschrieben.").first()).toBeVisible();
  await expect(item.getByText("Prüfung 3 (")).toBeVisible();
  await item.getByRole("button", { name: "Freigeben" }).click();
  await expect(admin.getByRole("heading", { name: title })).toHaveCount(0);

  await customer.reload();
  await expect(statusBadge(customer)).toHaveText("Veröffentlicht");
  await expectOnEverySurface(customer, title);
  await admin.close();
  await customer.close();
});
