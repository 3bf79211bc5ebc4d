import { expect } from "@playwright/test";
import { HUB, signIn, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";

// The customer's start page: a published release's public page and its figures one click away,
// and the counts by status leading to the list filtered to them.

test("a customer reaches a published release's public page and its figures from the start page in one click", async ({ page }) => {
  await signIn(page, "owner@hansebank.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
  await expectValidHubPage(page, "/dashboard");

  const latest = page.getByRole("table", { name: /zuletzt veröffentlichten/ });
  const firstRow = latest.getByRole("row").nth(1);
  const title = (await firstRow.getByRole("link").first().textContent())!;
  expect(title.length).toBeGreaterThan(5);

  // The figures: the views link opens the release's reach section.
  await firstRow.getByRole("link", { name: /Aufrufe: Reichweite von/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+#reichweite$/);
  await expect(page.getByRole("region", { name: "Reichweite" })).toBeVisible();

  // The public page, as readers see it.
  await page.goBack();
  await latest
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: `Öffentliche Seite von „${title}“` })
    .click();
  await expect(page).toHaveURL(/(business|tech)\.localhost:\d+\/(de\/pressemitteilung|en\/press-release)\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("the counts by status lead to the list filtered to them, with the same count on its tab", async ({ page }) => {
  await signIn(page, "owner@hansebank.example");
  const card = page.getByRole("region", { name: "Kennzahlen" }).getByRole("link", { name: /^Veröffentlicht/ });
  const count = (await card.textContent())!.replace(/\D/g, "");
  await card.click();
  await expect(page).toHaveURL(`${HUB}/dashboard/releases?status=published`);
  const tab = page.getByRole("navigation", { name: "Status" }).getByRole("link", { name: /^Veröffentlicht/ });
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(tab).toContainText(count);
  // Every row of the view is published.
  const badges = page.getByRole("table").locator(".badge");
  await expect(badges.first()).toBeVisible();
  for (const text of await badges.allTextContents()) expect(text).toBe("Veröffentlicht");
  await expectValidHubPage(page, "/dashboard/releases?status=published");

  // A release that does not exist (or is another newsroom's): the customer's frame, both languages, the way back.
  const missing = await page.goto(`${HUB}/dashboard/releases/999999999`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page.getByText("Page not found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Kundenbereich" })).toBeVisible();
  await page.getByRole("link", { name: "Zur Übersicht", exact: true }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});
