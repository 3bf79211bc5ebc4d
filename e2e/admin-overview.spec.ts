import { expect } from "@playwright/test";
import { HUB, query, runId, signInAsConfirmedAdmin, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";

// The admin start page as an editor meets it after confirming the area: what waits, with the
// same count in the navigation, and the item one click away.

test("an editor sees what waits on the start page and reaches it in one click", async ({ browser }) => {
  const run = runId();
  const title = `Wartet auf Entscheidung ${run}`;
  const [company] = await query<{ id: number }>(
    `SELECT id FROM companies WHERE deleted_at IS NULL AND gone_at IS NULL ORDER BY id LIMIT 1`,
  );
  await query(
    `INSERT INTO press_releases (company_id, portal, language, slug, title, body, content_hash, status, review_flagged_at, updated_at)
     VALUES ($1, 'business', 'de', $2, $3, '<p>Text zur Prüfung.</p>', md5($2), 'in_review', now(), now())`,
    [company!.id, `overview-${run}`, title],
  );

  const admin = await signInAsConfirmedAdmin(browser);
  await expect(admin).toHaveURL(`${HUB}/admin`);
  await expect(admin.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
  await expectValidHubPage(admin, "/admin");

  const waiting = admin.locator('[data-kind="review"]');
  const count = Number((await waiting.locator("span").first().textContent())?.replace(/\D/g, ""));
  expect(count).toBeGreaterThanOrEqual(1);
  // The navigation shows the same count beside the screen it leads to.
  const nav = admin.getByRole("navigation", { name: "Verwaltung" });
  await expect(nav.getByRole("link", { name: /^Prüfung erforderlich/ })).toContainText(String(count));
  await expect(nav.getByRole("link", { name: "Übersicht" })).toHaveAttribute("aria-current", "page");

  await waiting.click();
  await expect(admin).toHaveURL(`${HUB}/admin/review`);
  await expect(admin.getByText(title).first()).toBeVisible();

  // A release that does not exist: said in German and English, inside the area's frame, with the way back.
  const missing = await admin.goto(`${HUB}/admin/releases/999999999`);
  expect(missing?.status()).toBe(404);
  await expect(admin.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(admin.getByRole("navigation", { name: "Verwaltung" })).toBeVisible();
  await admin.getByRole("link", { name: "Zur Übersicht der Verwaltung" }).click();
  await expect(admin).toHaveURL(`${HUB}/admin`);
  await admin.close();
});
