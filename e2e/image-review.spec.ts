import { expect, type Page } from "@playwright/test";
import { photoJpeg } from "../tests/image-fixtures";
import { HUB, query, registerCustomer, runId, signIn, test } from "./auth-support";
import { createNewsroom, grantPlan } from "./newsroom-support";
import { declareAi, typeReleaseText } from "./release-editor-support";

// The customer against the review: a release passes its check and waits for its publication
// time; then an image with a spam credit line and alt text is added. The image is part of what
// the check judged, so the release leaves "Geplant" and goes back to its check instead of
// publishing unchecked at its time (docs/release-lifecycle.md).

const statusBadge = (page: Page) => page.locator("p", { hasText: "Status:" }).locator(".badge");

test("an image added to a scheduled release sends it back to its check", async ({ page }) => {
  test.setTimeout(120_000);
  const run = runId();
  const customer = await registerCustomer(page, "scheduled-image");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const companyId = await createNewsroom(page, `Nordwind Kälte ${run}`);
  await grantPlan(customer.email, companyId);

  await page.goto(`${HUB}/dashboard/releases/new`);
  await page.getByLabel("Kategorie").selectOption({ label: "Software" });
  await page.getByLabel("Überschrift").fill(`Nordwind Kälte kühlt das Rechenzentrum Bahrenfeld mit Elbwasser (${run})`);
  await typeReleaseText(page, [
    "Nordwind Kälte hat für das Rechenzentrum in Bahrenfeld eine Kühlung mit Wasser aus der Elbe gebaut.",
    "Die Anlage ersetzt vier Kältemaschinen und spart im Jahr rund 2,1 Gigawattstunden Strom.",
    "Das Wasser fließt in einem geschlossenen Kreislauf durch Wärmetauscher und kehrt höchstens drei Grad wärmer zurück.",
    "Die Umweltbehörde hat die Einleitung geprüft und für zwanzig Jahre genehmigt.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Hamburg");
  await page.getByLabel("Pressekontakt: Name").fill("Mira Lorenzen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@hafenlicht.example.com");
  const inTwoDays = new Date(Date.now() + 2 * 24 * 3_600_000);
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(inTwoDays)
    .replace(" ", "T");
  await page.getByLabel("Veröffentlichen am (optional)").fill(local);
  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  const releaseId = Number(page.url().split("/").at(-1));
  await expect(async () => {
    await page.reload();
    await expect(statusBadge(page)).toHaveText("Geplant", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // The image the check never saw.
  const form = page.getByRole("form", { name: "Bild hochladen" });
  await form
    .getByLabel("Bilddatei")
    .setInputFiles({ name: "angebot.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ width: 1200, height: 800 }) });
  await form.getByLabel("Urheber / Bildnachweis").fill("Foto: JETZT KAUFEN!!! www.example.com");
  await form.getByLabel(/Bildbeschreibung/).fill("UNGLAUBLICH!!! DIE BESTE SOFTWARE ALLER ZEITEN");
  await form.getByLabel("KI beim Bild").selectOption("without_ai");
  await form.getByRole("checkbox", { name: /Ich bestätige|Ich versichere/ }).check();
  await form.getByRole("button", { name: "Bild hochladen" }).click();
  await expect(page.locator("li[data-image-id]")).toHaveCount(1, { timeout: 20_000 });

  await page.reload();
  await expect(statusBadge(page)).not.toHaveText("Geplant");
  const [release] = await query<{ status: string; approved: string | null }>(
    `SELECT status, approved_review_fingerprint AS approved FROM press_releases WHERE id = $1`,
    [releaseId],
  );
  expect(release!.status).not.toBe("scheduled");
  expect(release!.approved).toBeNull();
  const history = await query<{ outcome: string }>(`SELECT outcome FROM press_release_history WHERE press_release_id = $1 ORDER BY id`, [
    releaseId,
  ]);
  expect(history.map((h) => h.outcome)).toContain("images_changed");
});
