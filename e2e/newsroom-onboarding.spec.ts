import { expect } from "@playwright/test";
import sharp from "sharp";
import { firstHubLink, HUB, mailTo, query, registerCustomer, rememberSecret, runId, signIn, test } from "./auth-support";
import { declareAi, releaseText } from "./release-editor-support";

// Issue 14's journey: a new customer registers and confirms, creates a newsroom with a logo,
// invites a colleague who accepts by link, writes a formatted release (a heading, a link, a
// list), sees the preview, saves and submits; the colleague, a member, may not delete it.

test("a new customer sets up a newsroom with a logo and a colleague, then writes and submits a formatted release", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const run = runId();
  const owner = await registerCustomer(page, "onboarding");
  const colleagueContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const colleaguePage = await colleagueContext.newPage();
  const colleague = await registerCustomer(colleaguePage, "colleague");

  // After the first sign-in the dashboard leads to the newsroom form.
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Newsroom anlegen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Willkommen bei Pressdesk");
  const name = `Küstenwerk Robotik ${run}`;
  await page.getByLabel("Name des Unternehmens").fill(name);
  await page.getByRole("radio", { name: /Pressdesk Tech/ }).check();
  await page.getByLabel("E-Mail des Unternehmens").fill("presse@kuestenwerk.example.com");
  await page.getByLabel("Website", { exact: true }).fill("kuestenwerk.example.com");
  await page.getByLabel("Straße und Hausnummer").fill("Am Kai 7");
  await page.getByLabel("PLZ", { exact: true }).fill("24103");
  await page.getByLabel("Ort", { exact: true }).fill("Kiel");
  await page.getByLabel("Beschreibung (Deutsch)").fill("Küstenwerk baut Unterwasserroboter für die Inspektion von Offshore-Anlagen.");
  await page.getByRole("button", { name: "Newsroom anlegen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/newsrooms\/\d+\?willkommen=1$/);
  const companyId = Number(/newsrooms\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole("heading", { name: "So geht es weiter" })).toBeVisible();
  await expect(page.getByText("Paket mit Veröffentlichungskontingent")).toBeVisible();

  // The logo: a real image with EXIF, stored re-encoded; a file that is no image gets a field message.
  await page
    .getByLabel("Logo hochladen")
    .setInputFiles({ name: "logo.txt", mimeType: "image/png", buffer: Buffer.from("no image at all") });
  await page.getByRole("button", { name: "Logo speichern" }).click();
  await expect(page.getByText("Diese Datei ist kein lesbares Bild")).toBeVisible();
  const logo = await sharp({ create: { width: 640, height: 320, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 1 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "E2E Camera" } })
    .toBuffer();
  await page.getByLabel("Logo hochladen").setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: logo });
  await page.getByRole("button", { name: "Logo speichern" }).click();
  await expect(page.getByText("Logo gespeichert.")).toBeVisible();
  const logoImage = page.getByRole("img", { name: `Logo von ${name}` });
  await expect(logoImage).toBeVisible();
  await expect.poll(() => logoImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  const [stored] = await query<{ logo_path: string; slug: string }>(`SELECT logo_path, slug FROM companies WHERE id = $1`, [companyId]);
  expect(stored!.logo_path).toMatch(/^logos\/\d+\/[0-9a-f]{24}\.webp$/);

  // The colleague is invited as a member and accepts by the link from the mail.
  await page.getByRole("link", { name: "Team" }).click();
  const inviteForm = page.getByRole("form", { name: "Person einladen" });
  await inviteForm.getByLabel("E-Mail-Adresse").fill(colleague.email.toUpperCase());
  await inviteForm.getByRole("radio", { name: /^Mitglied/ }).check();
  await inviteForm.getByRole("button", { name: "Einladung senden" }).click();
  await expect(inviteForm.getByRole("status")).toContainText("Einladung an");
  const invitation = firstHubLink((await mailTo(colleague.email, "team_invitation")).text);
  await colleaguePage.goto(invitation);
  await expect(colleaguePage.getByRole("heading", { level: 1 })).toHaveText(`Einladung in den Newsroom „${name}“`);
  await colleaguePage.getByRole("button", { name: "Einladung annehmen" }).click();
  await expect(colleaguePage).toHaveURL(`${HUB}/dashboard/newsrooms/${companyId}`);
  expect(
    await query(
      `SELECT role, granted_via FROM company_user cu JOIN users u ON u.id = cu.user_id WHERE cu.company_id = $1 AND u.email = $2`,
      [companyId, colleague.email],
    ),
  ).toEqual([{ role: "member", granted_via: "manual" }]);

  // A formatted release in the editor: a heading, a paragraph with a link, a list; the contact comes from the newsroom.
  await page.goto(`${HUB}/dashboard/releases/new`);
  await expect(page.getByLabel("Pressekontakt: E-Mail")).toHaveValue(owner.email);
  await page.getByLabel("Kategorie").selectOption({ index: 1 });
  const title = `Küstenwerk schickt Tauchroboter in den Windpark (${run})`;
  await page.getByLabel("Überschrift").fill(title);
  await page.getByLabel("Ortsmarke").fill("Kiel");
  const editor = releaseText(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatierung" });
  await editor.click();
  await toolbar.getByRole("button", { name: "Zwischentitel H2" }).click();
  await page.keyboard.type("Inspektion ohne Taucher");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Liste mit Punkten" }).click();
  await page.keyboard.type("Einsatztiefe bis 60 Meter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Akkulaufzeit von zwölf Stunden");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type(
    "Küstenwerk Robotik hat einen Tauchroboter vorgestellt, der Fundamente von Windrädern selbstständig prüft und Schäden meldet. Details auf der Website",
  );
  for (let i = 0; i < "Website".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("ControlOrMeta+k");
  const target = page.getByLabel("Linkziel");
  await expect(target).toBeFocused();
  await target.fill("kuestenwerk.example.com/roboter");
  await target.press("Enter");
  await expect(target).toBeHidden();
  await expect(editor.locator("a")).toHaveText("Website");
  await declareAi(page, "Mit KI-Unterstützung");

  const preview = page.getByRole("region", { name: "Vorschau" });
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Inspektion ohne Taucher" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Website" })).toHaveAttribute("href", "https://kuestenwerk.example.com/roboter");
  await expect(preview.getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  const releaseId = Number(/releases\/(\d+)$/.exec(page.url())![1]);
  const [saved] = await query<{ body: string }>(`SELECT body FROM press_releases WHERE id = $1`, [releaseId]);
  expect(saved!.body).toContain("<h2>Inspektion ohne Taucher</h2>");
  expect(saved!.body).toMatch(/<a href="https:\/\/kuestenwerk\.example\.com\/roboter"[^>]*>Website<\/a>/);
  expect(saved!.body).toMatch(
    /<ul><li><p>Einsatztiefe bis 60 Meter<\/p><\/li><li><p>Akkulaufzeit von zwölf Stunden<\/p><\/li><\/ul>|<ul><li>Einsatztiefe bis 60 Meter<\/li><li>Akkulaufzeit von zwölf Stunden<\/li><\/ul>/,
  );
  expect(
    await query(`SELECT declaration, version FROM press_release_ai_declarations WHERE press_release_id = $1 AND scope = 'text'`, [
      releaseId,
    ]),
  ).toEqual([{ declaration: "ai_assisted", version: 1 }]);

  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "zur Prüfung eingereicht" })).toBeVisible();
  const [submitted] = await query<{ status: string }>(`SELECT status FROM press_releases WHERE id = $1`, [releaseId]);
  expect(["in_review", "rejected", "published"]).toContain(submitted!.status);

  // The colleague, a member, sees the release but cannot delete what only its author or an owner may.
  await colleaguePage.goto(`${HUB}/dashboard/releases/${releaseId}`);
  await expect(colleaguePage.getByRole("heading", { level: 1 })).toContainText("Küstenwerk schickt Tauchroboter");
  await expect(colleaguePage.getByRole("button", { name: "Löschen" })).toHaveCount(0);
  await expect(colleaguePage.getByRole("button", { name: "Zurückziehen" })).toHaveCount(0);
  await colleagueContext.close();
  rememberSecret(invitation.split("/").at(-1)!);
});
