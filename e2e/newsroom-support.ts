import { expect, type Page } from "@playwright/test";
import { HUB, query } from "./auth-support";

/** Creates a Tech newsroom through the dashboard (the Business directory is asserted by the portal pages' test). */
export async function createNewsroom(page: Page, name: string): Promise<number> {
  await page.goto(`${HUB}/dashboard/newsrooms/new`);
  await page.getByLabel("Name des Unternehmens").fill(name);
  await page.getByRole("radio", { name: /Pressdesk Tech/ }).check();
  await page.getByLabel("E-Mail des Unternehmens").fill("presse@hafenlicht.example.com");
  await page.getByLabel("Straße und Hausnummer").fill("Kaistraße 3");
  await page.getByLabel("PLZ", { exact: true }).fill("20457");
  await page.getByLabel("Ort", { exact: true }).fill("Hamburg");
  await page.getByLabel("Beschreibung (Deutsch)").fill("Hafenlicht plant Beleuchtung für Häfen und Terminals.");
  await page.getByRole("button", { name: "Newsroom anlegen" }).click();
  await expect(page).toHaveURL(/\/dashboard\/newsrooms\/\d+\?willkommen=1$/);
  return Number(/newsrooms\/(\d+)/.exec(page.url())![1]);
}

/** A running plan booked by the service (bank transfer), so the newsroom can publish without the checkout. */
export async function grantPlan(email: string, companyId: number, quota = 10): Promise<void> {
  await query(
    `INSERT INTO user_payment_options (user_id, company_id, provider, plan, status, monthly_release_quota, api_access, price_cents, period_start, period_end, created_at, updated_at)
     SELECT id, $2, 'manual', 'business', 'active', $3, true, 12900, now() - interval '1 day', now() + interval '29 days', now(), now() FROM users WHERE email = $1`,
    [email, companyId, quota],
  );
}
