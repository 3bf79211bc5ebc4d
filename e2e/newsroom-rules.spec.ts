import { expect, test, type Page } from "@playwright/test";
import { HUB, query, signIn } from "./auth-support";
import { declareAi, typeReleaseText } from "./release-editor-support";
import { confirmInDialog } from "./confirm-support";

// What a newsroom's rules look like to its people: the legal documents a submission still needs
// (LEGAL_ACCEPTANCE_GATE is on for the server under test; the MediSense owner has not accepted
// the current versions), and a member's view of a colleague's release.

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const statusBadge = (page: Page) => page.locator("p", { hasText: "Status:" }).locator(".badge");

test("a customer accepts the current terms with the submission, and is not asked again", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "owner@medisense.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Neue Pressemitteilung" }).click();
  const legal = page.getByRole("group", { name: "Vor dem Einreichen bestätigen" });
  await expect(legal.getByRole("checkbox")).toHaveCount(2);
  await expect(legal.getByRole("link", { name: "Allgemeine Geschäftsbedingungen" })).toHaveAttribute("href", "/agb");

  await page.getByLabel("Kategorie").selectOption({ label: "– Medizintechnik" });
  await page.getByLabel("Überschrift").fill(`MediSense stellt neuen Blutgassensor vor (${run})`);
  await typeReleaseText(page, [
    "MediSense Technologies hat einen Sensor vorgestellt, der Blutgase am Krankenbett in unter einer Minute misst.",
    "Das Gerät arbeitet mit einem Tropfen Kapillarblut und überträgt die Werte direkt in die Patientenakte der Klinik.",
    "Drei Universitätskliniken haben den Sensor in einer Studie mit 1.200 Messungen gegen Laborgeräte verglichen.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Tübingen");
  await page.getByLabel("Pressekontakt: Name").fill("Sarah Kim");
  await page.getByLabel("Pressekontakt: E-Mail").fill("press@medisense.example");
  const submit = page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" });
  await submit.click();
  await expect(legal.getByText("Bitte bestätigen Sie die Bedingungen, um einzureichen.")).toBeVisible();
  await expect(page).toHaveURL(`${HUB}/dashboard/releases/new`);

  for (const box of await legal.getByRole("checkbox").all()) await box.check();
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  await expect(statusBadge(page)).toHaveText(/In Prüfung|Veröffentlicht|Geplant/);
  const rows = await query<{ document: string }>(
    `SELECT document FROM legal_document_acceptances a JOIN users u ON u.id = a.user_id WHERE u.email = 'owner@medisense.example' ORDER BY document`,
  );
  expect(rows.map((r) => r.document)).toEqual(["publication-rules", "terms"]);
  await page.goto(`${HUB}/dashboard/releases/new`);
  await expect(page.getByRole("group", { name: "Vor dem Einreichen bestätigen" })).toHaveCount(0);
});

test("a member sees a colleague's draft but may not change or delete it, and may delete their own", async ({ page }) => {
  await signIn(page, "dev@quellcode-labs.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  // The start page's draft count leads to the team's drafts.
  await page
    .getByRole("region", { name: "Kennzahlen" })
    .getByRole("link", { name: /^Entwürfe/ })
    .click();
  await page.getByRole("link", { name: "Quellcode Labs appoints new Chief Technology Officer" }).click();
  await expect(page.getByText("Diese Pressemitteilung hat jemand anderes aus Ihrem Team geschrieben.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Löschen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Speichern" })).toHaveCount(0);

  await page.goto(`${HUB}/dashboard/releases/new`);
  await page.getByLabel("Kategorie").selectOption({ index: 1 });
  await page.getByLabel("Überschrift").fill(`Entwurf eines Mitglieds ${run}`);
  await typeReleaseText(page, [
    "Ein Entwurf, den das Teammitglied selbst geschrieben hat und deshalb auch selbst wieder löschen darf. ".repeat(2).trim(),
  ]);
  await declareAi(page, "Mit KI-Unterstützung");
  await page.getByLabel("Ortsmarke").fill("Berlin");
  await page.getByLabel("Pressekontakt: Name").fill("Jonas Richter");
  await page.getByLabel("Pressekontakt: E-Mail").fill("press@quellcode-labs.example");
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  await page.getByRole("button", { name: "Löschen" }).click();
  await confirmInDialog(page);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});
