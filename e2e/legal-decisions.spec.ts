import { expect, type Page } from "@playwright/test";
import Parser from "rss-parser";
import { E2E_HOSTS } from "../playwright.config";
import { addVirtualAuthenticator, confirmAdminArea, HUB, mailTo, newAdmin, query, signIn, test } from "./auth-support";
import { getAs } from "./host-request";
import { declareAi, typeReleaseText } from "./release-editor-support";
import { htmlProblems } from "./html-validator";
import { confirmInDialog } from "./confirm-support";

// The acceptance journey of legal requests (spec 4.4): a customer requests a redaction from the
// modal on their release page and confirms its preview; an editor with compliance:manage takes
// it into review, approves it and executes it; the dated note appears on the public page and in
// the release's feed item, the portal's correction log lists it, and the evidence trail is
// complete on the detail page and refused any change by the database.

const OWNER = "owner@nordlicht-energie.example";
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const NAME = `Hanna Beispielfrau${run.slice(-4)}`;
const BUSINESS = `http://${E2E_HOSTS.business}`;

async function expectValidHtml(html: string, opts: { signedIn?: boolean } = {}) {
  expect(await htmlProblems(html, opts)).toEqual([]);
}

/** A hub page as the server sends it to this browser's session (the HTML, not the live DOM). */
async function servedHub(page: Page, path: string): Promise<string> {
  const cookie = (await page.context().cookies(HUB)).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await getAs(E2E_HOSTS.hub, path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.body;
}

/** The customer's release, through the editor; the in-process check publishes it within seconds. */
async function publishRelease(page: Page, title: string): Promise<number> {
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  await page.getByLabel("Kategorie").selectOption({ label: "Energie" });
  await page.getByLabel("Überschrift").fill(title);
  await typeReleaseText(page, [
    "Nordlicht Energie hat in Niebüll ein neues Umspannwerk in Betrieb genommen, das den Strom von drei Windparks in das Netz einspeist.",
    `Die Bauleitung hatte Projektleiterin ${NAME}, die das Vorhaben seit der Planung vor vier Jahren begleitet hat.`,
    "Das Umspannwerk ersetzt eine Anlage aus den Siebzigerjahren und verdoppelt die Leistung, die die Region aufnehmen kann.",
    "Die Investition beträgt 38 Millionen Euro; der Betrieb erfolgt fernüberwacht aus der Leitwarte in Husum.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Niebüll");
  await page.getByLabel("Pressekontakt: Name").fill("Jana Petersen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@nordlicht-energie.example");
  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  await expect(page.locator("p", { hasText: "Status:" }).locator(".badge")).toHaveText("Veröffentlicht", { timeout: 45_000 });
  return Number(/releases\/(\d+)$/.exec(page.url())![1]);
}

/** A copy of the demo admin that also holds compliance:manage, past the strong confirmation. */
async function complianceEditor(page: Page): Promise<void> {
  await addVirtualAuthenticator(page.context(), page);
  const email = await newAdmin();
  await query(`UPDATE users SET permissions = array_append(permissions, 'compliance:manage') WHERE email = $1`, [email]);
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, email);
}

test("a customer requests a redaction with its preview, an editor executes it; the note is public and the evidence trail complete and insert-only", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Nordlicht Energie nimmt Umspannwerk Niebüll in Betrieb (${run})`;
  const releaseId = await publishRelease(page, title);
  const [row] = await query<{ slug: string }>(`SELECT slug FROM press_releases WHERE id = $1`, [releaseId]);
  const releasePath = `/de/pressemitteilung/${row!.slug}`;

  // The customer: the modal on the release page, the redaction track, the required preview.
  await page.getByRole("button", { name: "Antrag stellen" }).click();
  const dialog = page.getByRole("dialog", { name: "Antrag zu dieser Pressemitteilung" });
  await dialog.getByRole("radio", { name: /Schwärzung/ }).check();
  await dialog.getByLabel("Zu entfernende Textstellen").fill(NAME);
  await dialog.getByRole("button", { name: "Vorschau anzeigen" }).click();
  const preview = dialog.getByRole("region", { name: /Vorschau/ });
  await expect(preview).toContainText("[entfernt]");
  await expect(preview).not.toContainText(NAME);
  await dialog.getByRole("checkbox", { name: /Ich habe die Vorschau geprüft/ }).check();
  await dialog.getByLabel("Begründung").fill("Frau Beispielfrau hat der Nennung ihres Namens widersprochen.");
  await dialog.getByRole("button", { name: "Antrag stellen" }).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  const [request] = await query<{ id: number; reference: string; status: string; redaction_preview: string }>(
    `SELECT id, reference, status, redaction_preview FROM legal_requests WHERE press_release_id = $1`,
    [releaseId],
  );
  expect(request!.status).toBe("received");
  expect(request!.redaction_preview).toContain("[entfernt]");

  // The editor: queue, detail with preview beside the current text, review, decision, execution.
  const admin = await browser.newPage();
  await complianceEditor(admin);
  await admin.goto(`${HUB}/admin/legal`);
  await expect(admin.getByRole("heading", { level: 1, name: "Rechtliche Anliegen" })).toBeVisible();
  await expectValidHtml(await servedHub(admin, "/admin/legal"), { signedIn: true });
  await admin.getByRole("link", { name: `Nr. ${request!.id}`, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Vorgang ${request!.id}: Schwärzung`);
  const compare = admin.getByRole("region", { name: /bestätigte Vorschau und aktueller Text/ });
  await expect(compare).toContainText("genau die Vorschau");
  await expect(compare).toContainText(NAME);
  await expectValidHtml(await servedHub(admin, `/admin/legal/${request!.id}`), { signedIn: true });

  await admin.getByRole("button", { name: "In Prüfung nehmen" }).click();
  await admin.getByRole("radio", { name: /Stattgeben/ }).check();
  await admin.getByLabel("Begründung").fill("Die Genannte ist keine Person des öffentlichen Lebens; der Widerspruch ist begründet.");
  await admin.getByRole("button", { name: "Entscheidung speichern" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "Umsetzen" })).toBeVisible();
  await admin.getByRole("button", { name: "Umsetzen", exact: true }).click();
  await confirmInDialog(admin);
  await expect(admin.getByText("Dieses Anliegen ist umgesetzt")).toBeVisible();

  // The evidence trail on the page: every step with its actor, the signed entry verified.
  const events = admin.getByRole("table").filter({ hasText: "Schritt" });
  for (const step of ["Eingegangen", "In Prüfung genommen", "Stattgegeben", "Umgesetzt"]) await expect(events).toContainText(step);
  await expect(admin.getByRole("table").filter({ hasText: "Signatur" })).toContainText("gültig");
  await expect(admin.locator(".legal-signature-invalid")).toHaveCount(0);
  const trail = await query<{ type: string }>(`SELECT type FROM legal_request_events WHERE legal_request_id = $1 ORDER BY id`, [
    request!.id,
  ]);
  expect(trail.map((e) => e.type)).toEqual(["received", "review_started", "approved", "executed"]);
  const [entry] = await query<{ kind: string; signature: string }>(
    `SELECT kind, signature FROM archive_entries WHERE legal_request_id = $1`,
    [request!.id],
  );
  expect(entry!.kind).toBe("legal_request");
  // Insert-only: the database refuses to rewrite or remove the trail and the public note.
  for (const sql of [
    `UPDATE legal_request_events SET type = 'forged' WHERE legal_request_id = ${request!.id}`,
    `DELETE FROM legal_request_events WHERE legal_request_id = ${request!.id}`,
    `UPDATE press_release_corrections SET note = 'forged' WHERE legal_request_id = ${request!.id}`,
    `DELETE FROM press_release_corrections WHERE legal_request_id = ${request!.id}`,
  ]) {
    await expect(query(sql)).rejects.toThrow(/is insert-only/);
  }
  expect((await query(`SELECT id FROM legal_request_events WHERE legal_request_id = $1`, [request!.id])).length).toBe(4);

  // The public side: the dated note on the page (once the invalidation reached the cache) ...
  const day = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(),
  );
  const note = `Schwärzung vom ${day}: Passagen aus rechtlichen Gründen entfernt.`;
  await expect(async () => {
    await page.goto(`${BUSINESS}${releasePath}`);
    await expect(page.getByRole("complementary", { name: "Korrekturhinweise" })).toHaveText(note, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator("article.release")).not.toContainText(NAME);
  await expect(page.locator("article.release")).toContainText("[entfernt]");

  // ... in the release's feed item, the feed still RSS 2.0 a reader parses ...
  const parser = new Parser();
  await expect(async () => {
    const feed = await parser.parseString((await getAs(E2E_HOSTS.business, "/de/feed")).body);
    const item = feed.items.find((i) => i.link === `${BUSINESS}${releasePath}`);
    expect(item?.contentSnippet ?? "").toMatch(new RegExp(`^${note.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  }).toPass({ timeout: 20_000 });

  // ... and in the portal's correction log and its feed.
  const log = await getAs(E2E_HOSTS.business, "/de/corrections");
  expect(log.status).toBe(200);
  expect(log.body).toContain(title.replace(/&/g, "&amp;"));
  await expectValidHtml(log.body);
  const logFeed = await parser.parseString((await getAs(E2E_HOSTS.business, "/de/corrections/feed")).body);
  expect(logFeed.items.find((i) => i.link === `${BUSINESS}${releasePath}`)?.contentSnippet).toBe(note);

  // The customer hears of it.
  expect((await mailTo(OWNER, "legal_request_executed")).subject).toContain(`Vorgang ${request!.reference}`);
  await admin.close();
});
