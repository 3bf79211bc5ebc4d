import { expect, test, type Page } from "@playwright/test";
import { photoJpeg } from "../tests/image-fixtures";
import { HUB, query, runId, signIn } from "./auth-support";
import { declareAi, errorSummary, releaseText } from "./release-editor-support";

// The customer's release editor: formatting with toolbar and keyboard, the live preview that
// renders as the portal will, the AI declaration, saving and reloading with the formatting
// intact, autosave of a draft, the local copy of a new release, paste from Google Docs, the
// error summary of a refused save, an image on a release not saved yet, and deleting last.

const OWNER = "owner@nordlicht-energie.example";
const LOCAL_COPY = "pressdesk.release-form.new";
const preview = (page: Page) => page.getByRole("region", { name: "Vorschau" });

async function openNewRelease(page: Page) {
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Neue Pressemitteilung" })).toBeVisible();
}

async function fillPlacementAndContact(page: Page, title: string) {
  await page.getByLabel("Kategorie").selectOption({ label: "Energie" });
  await page.getByLabel("Überschrift").fill(title);
  await page.getByLabel("Ortsmarke").fill("Husum");
  await page.getByLabel("Pressekontakt: Name").fill("Jana Petersen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@nordlicht-energie.example");
}

test("a customer formats the text with toolbar and keyboard, sees it in the preview, declares AI use, saves, and finds it intact after a reload", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openNewRelease(page);
  const title = `Nordlicht Energie eröffnet Servicezentrum in Husum (${runId()})`;
  await fillPlacementAndContact(page, title);

  const editor = releaseText(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatierung" });
  await editor.click();
  // A heading from the toolbar.
  await toolbar.getByRole("button", { name: "Zwischentitel H2" }).click();
  await page.keyboard.type("Das neue Servicezentrum");
  await expect(toolbar.getByRole("button", { name: "Zwischentitel H2" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  // A bullet list from the toolbar; Enter in an empty item ends it.
  await toolbar.getByRole("button", { name: "Liste mit Punkten" }).click();
  await page.keyboard.type("35 Beschäftigte in Beratung und Service");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Solaranlage mit 120 Kilowatt auf dem Dach");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  // A paragraph with bold text from the keyboard, and a link on a word selected with the keyboard (Ctrl+K).
  await page.keyboard.type("Nordlicht Energie eröffnet in Husum ein ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("neues Servicezentrum");
  await expect(toolbar.getByRole("button", { name: "Fett" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" für Kundinnen und Kunden aus Nordfriesland, montags bis freitags von 8 bis 18 Uhr. Mehr dazu auf der Website");
  for (let i = 0; i < "Website".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ControlOrMeta+k");
  const target = page.getByLabel("Linkziel");
  await expect(target).toBeFocused();
  await target.fill("javascript:alert(1)");
  await target.press("Enter");
  await expect(page.getByText("Bitte eine Webadresse (https://…) oder E-Mail-Adresse eingeben.")).toBeVisible();
  await target.fill("nordlicht-energie.example");
  await target.press("Enter");
  await expect(target).toBeHidden();
  await expect(editor.locator("a")).toHaveText("Website");
  await expect(page.getByText(/^\d[\d.]* von 100\.000 Zeichen$/)).toBeVisible();

  // The toolbar is one tab stop; arrow keys move between its buttons.
  await toolbar.getByRole("button", { name: "Fett" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Kursiv" })).toBeFocused();
  await expect(toolbar.getByRole("button", { name: "Kursiv" })).toHaveAttribute("tabindex", "0");
  await expect(toolbar.getByRole("button", { name: "Fett" })).toHaveAttribute("tabindex", "-1");

  // The preview shows the page as the portal will: title, dateline, body, contact.
  const shown = preview(page);
  await expect(shown.getByRole("heading", { name: title })).toBeVisible();
  await expect(shown.getByRole("heading", { name: "Das neue Servicezentrum" })).toBeVisible();
  await expect(shown.locator("strong", { hasText: "neues Servicezentrum" })).toBeVisible();
  await expect(shown.getByRole("link", { name: "Website" })).toHaveAttribute("href", "https://nordlicht-energie.example");
  await expect(shown.getByRole("listitem")).toHaveText([
    "35 Beschäftigte in Beratung und Service",
    "Solaranlage mit 120 Kilowatt auf dem Dach",
  ]);
  await expect(shown.locator(".release-body > strong")).toHaveText("Husum.");
  await expect(shown.getByRole("heading", { name: "Pressekontakt" })).toBeVisible();
  await expect(shown.getByRole("link", { name: "presse@nordlicht-energie.example" })).toBeVisible();

  // The AI declaration is required: named in the summary and at the choices.
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(errorSummary(page).getByRole("link")).toHaveText(["Bitte geben Sie an, ob und wie KI beim Text geholfen hat."]);
  await expect(page.locator("#aiDeclaration-issue")).toHaveText("Bitte geben Sie an, ob und wie KI beim Text geholfen hat.");
  await declareAi(page, "Mit KI-Unterstützung");
  await expect(errorSummary(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  const releaseId = Number(page.url().split("/").at(-1));

  await page.reload();
  await expect(editor.locator("h2")).toHaveText("Das neue Servicezentrum");
  await expect(editor.locator("strong")).toHaveText("neues Servicezentrum");
  await expect(editor.locator("a")).toHaveAttribute("href", "https://nordlicht-energie.example");
  await expect(editor.locator("ul > li")).toHaveCount(2);
  await expect(page.getByRole("radio", { name: "Mit KI-Unterstützung" })).toBeChecked();
  const [stored] = await query<{ body: string }>("SELECT body FROM press_releases WHERE id = $1", [releaseId]);
  expect(stored!.body).toContain("<h2>Das neue Servicezentrum</h2>");
  expect(stored!.body).toContain("<strong>neues Servicezentrum</strong>");
  expect(stored!.body).toContain('<a href="https://nordlicht-energie.example" rel="nofollow noopener">Website</a>');
  expect(stored!.body).toContain(
    "<h2>Das neue Servicezentrum</h2><ul><li><p>35 Beschäftigte in Beratung und Service</p></li><li><p>Solaranlage mit 120 Kilowatt auf dem Dach</p></li></ul><p>Nordlicht Energie",
  );
  expect(
    await query("SELECT declaration, version FROM press_release_ai_declarations WHERE press_release_id = $1 AND scope = 'text'", [
      releaseId,
    ]),
  ).toEqual([{ declaration: "ai_assisted", version: 1 }]);

  // A draft saves itself a few seconds after typing stops.
  await editor.click();
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.type("Neu: ");
  await expect(page.getByRole("status").filter({ hasText: /^Automatisch gespeichert um \d{2}:\d{2}$/ })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(editor.locator("h2")).toHaveText("Neu: Das neue Servicezentrum");
});

test("a new release survives a closed tab in the browser and is offered back; saving it clears the copy", async ({ page }) => {
  test.setTimeout(60_000);
  await openNewRelease(page);
  const title = `Nordlicht Energie startet Wärmepumpen-Beratung (${runId()})`;
  await fillPlacementAndContact(page, title);
  await releaseText(page).fill(
    "Nordlicht Energie berät Haushalte in Nordfriesland ab sofort kostenlos zu Wärmepumpen. Die Beratung findet im neuen Servicezentrum in Husum statt und dauert etwa eine Stunde pro Termin.",
  );
  await declareAi(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LOCAL_COPY)).toContain("Wärmepumpen");

  await page.reload();
  await expect(page.getByLabel("Überschrift")).toHaveValue("");
  await page.getByRole("button", { name: "Ungespeicherten Entwurf wiederherstellen" }).click();
  await expect(page.getByLabel("Überschrift")).toHaveValue(title);
  await expect(releaseText(page)).toContainText("kostenlos zu Wärmepumpen");
  await expect(page.getByRole("radio", { name: "Ohne KI erstellt" })).toBeChecked();
  await expect(preview(page).getByRole("heading", { name: title })).toBeVisible();

  // On a small screen the preview is behind a toggle.
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(preview(page)).toBeHidden();
  await page.getByRole("button", { name: "Vorschau" }).click();
  await expect(page.getByRole("button", { name: "Vorschau" })).toHaveAttribute("aria-expanded", "true");
  await expect(preview(page).getByText("kostenlos zu Wärmepumpen")).toBeVisible();

  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_COPY)).toBeNull();
});

test("text pasted from Google Docs keeps its formatting without turning everything bold", async ({ page }) => {
  await openNewRelease(page);
  const editor = releaseText(page);
  await editor.click();
  const span =
    "font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-variant:normal;white-space:pre-wrap;";
  const html = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e7b2a1c-7fff-4e21-9c3d-2f6a8b1d0e4f"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;"><span style="${span}font-weight:400;">Neues Servicezentrum</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${span}font-weight:400;">Die Nordlicht Energie GmbH hat in </span><span style="${span}font-weight:700;">Husum</span><span style="${span}font-weight:400;"> ein Zentrum eröffnet.</span></p><br><ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="${span}font-weight:400;">Beratung</span></p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation"><span style="${span}font-weight:400;">Netzservice</span></p></li></ul></b>`;
  await editor.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData("text/html", pasted);
    data.setData("text/plain", "Neues Servicezentrum");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
  await expect(editor.locator("h2")).toHaveText("Neues Servicezentrum");
  await expect(editor.locator("strong")).toHaveText("Husum");
  await expect(editor.locator("li")).toHaveText(["Beratung", "Netzservice"]);
  await expect(editor.locator("[style], span, b")).toHaveCount(0);
  await expect(preview(page).locator("strong", { hasText: "Husum" })).toBeVisible();
});

test("a refused save lists every missing field at the top, each linking to its field, and marks each field", async ({ page }) => {
  await openNewRelease(page);
  await page.getByLabel("Überschrift").fill(`Nordlicht Energie erweitert den Kundendienst (${runId()})`);
  await page.getByLabel("Ortsmarke").fill("Husum");
  await page.getByLabel("Pressekontakt: Name").fill("Jana Petersen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@nordlicht-energie.example");
  await releaseText(page).click();
  await page.keyboard.insertText("Zu kurz für eine Meldung.");
  await page.getByRole("button", { name: "Speichern", exact: true }).click();

  const summary = errorSummary(page);
  await expect(summary.locator("xpath=..")).toBeFocused();
  await expect(summary.getByRole("heading")).toHaveText("3 Angaben fehlen oder sind ungültig");
  await expect(summary.getByRole("link")).toHaveText([
    "Bitte wählen Sie eine Kategorie.",
    /^Der Text braucht mindestens 150 Zeichen/,
    "Bitte geben Sie an, ob und wie KI beim Text geholfen hat.",
  ]);
  // Each field says it too, wired to its control.
  await expect(page.getByLabel("Kategorie")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Kategorie")).toHaveAttribute("aria-describedby", /categoryId-issue/);
  await expect(releaseText(page)).toHaveAttribute("aria-invalid", "true");
  await expect(releaseText(page)).toHaveAttribute("aria-describedby", /body-issue/);
  await expect(page.getByRole("radiogroup", { name: "KI-Nutzung im Text" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("radiogroup", { name: "KI-Nutzung im Text" })).toHaveAttribute("aria-describedby", /aiDeclaration-issue/);
  await expect(page.getByRole("button", { name: "Speichern", exact: true })).toBeVisible();
  expect(page.url()).toMatch(/\/dashboard\/releases\/new/);

  // The links put focus in the field.
  await summary.getByRole("link", { name: "Bitte wählen Sie eine Kategorie." }).click();
  await expect(page.getByLabel("Kategorie")).toBeFocused();
  await summary.getByRole("link", { name: /Der Text braucht/ }).click();
  await expect(releaseText(page)).toBeFocused();
  await summary.getByRole("link", { name: /ob und wie KI/ }).click();
  await expect(page.getByRole("radio", { name: "Ohne KI erstellt" })).toBeFocused();

  // Fixed fields leave the summary.
  await page.getByLabel("Kategorie").selectOption({ label: "Energie" });
  await expect(summary.getByRole("link")).toHaveCount(2);
});

test("an image chosen for a new release saves it as a draft first, then goes to that draft; deleting sits last and quiet", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openNewRelease(page);
  const title = `Nordlicht Energie zeigt das Servicezentrum von innen (${runId()})`;
  await fillPlacementAndContact(page, title);
  await releaseText(page).fill(
    "Nordlicht Energie zeigt Bilder aus dem neuen Servicezentrum in Husum. Beratungsräume, Werkstatt und Schulungsraum sind fertig; ab Montag empfängt das Team die ersten Kundinnen und Kunden.",
  );
  await declareAi(page);

  const form = page.getByRole("form", { name: "Bild hochladen" });
  await form
    .getByLabel("Bilddatei")
    .setInputFiles({ name: "servicezentrum.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ width: 1200, height: 800 }) });
  await expect(page.getByRole("region", { name: "Bilder" }).getByText(/^Entwurf gespeichert/)).toBeVisible();
  const [draft] = await query<{ id: number; status: string }>("SELECT id, status FROM press_releases WHERE title = $1", [title]);
  expect(draft!.status).toBe("draft");

  await form.getByLabel("Urheber / Bildnachweis").fill("Foto: Nordlicht Energie");
  await form.getByLabel(/Bildbeschreibung/).fill("Der Beratungsraum im Servicezentrum");
  await form.getByLabel("KI beim Bild").selectOption("without_ai");
  await form.getByRole("checkbox", { name: /Ich bestätige|Ich versichere/ }).check();
  await form.getByRole("button", { name: "Bild hochladen" }).click();

  // On the draft's own page: the same release, with its image and everything typed.
  await expect(page).toHaveURL(`${HUB}/dashboard/releases/${draft!.id}`);
  await expect(page.locator("li.image-item")).toHaveCount(1);
  await expect(page.getByLabel("Überschrift")).toHaveValue(title);
  expect(await query("SELECT id FROM press_releases WHERE title = $1", [title])).toHaveLength(1);

  // Deleting the draft: the last section of the page, saying what happens, behind a quiet button.
  const remove = page.getByRole("region", { name: "Entwurf löschen" });
  await expect(remove).toContainText("endgültig gelöscht");
  await expect(remove.getByRole("button", { name: "Entwurf löschen" })).toBeVisible();
  const last = await page.locator("main section").last().getAttribute("aria-labelledby");
  expect(last).toBe("delete-heading");
});
