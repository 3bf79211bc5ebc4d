import { expect, type Page } from "@playwright/test";
import { HUB, query, runId, signIn, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";

// The system-status page as an operator reads it, and as staff without users:manage and a
// visitor meet it. Staff sessions are marked confirmed in the database, as in admin-permissions.spec.ts.

async function staffHolding(page: Page, permissions: string[]): Promise<void> {
  const email = `system-${runId()}@pressdesk.localhost`;
  await query(
    `INSERT INTO users (email, name, password_hash, staff_role, permissions, email_verified_at, created_at, updated_at)
     SELECT $1, 'Betrieb Test', password_hash, 'admin', $2, now(), now(), now() FROM users WHERE email = 'admin@pressdesk.localhost'`,
    [email, permissions],
  );
  await signIn(page, email);
  await expect(page).toHaveURL(/\/(admin\/confirm|dashboard)$/);
  await query(`UPDATE sessions SET strong_auth_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
}

test("an operator with users:manage reads version, checks, schedules and alerts", async ({ page }) => {
  await query(
    `INSERT INTO operational_alerts (key, last_sent_at, last_detail, count) VALUES ('queue_backlog', now(), 'queue: 3 due jobs waiting, oldest 20 min', 1)
     ON CONFLICT (key) DO UPDATE SET last_sent_at = now(), last_detail = EXCLUDED.last_detail`,
  );
  await staffHolding(page, ["users:manage"]);
  await page.goto(`${HUB}/admin/system`);
  await expect(page.getByRole("heading", { level: 1, name: "Systemstatus" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Verwaltung" }).getByRole("link", { name: "Systemstatus" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const overview = page.getByRole("region", { name: "Überblick" });
  await expect(overview).toContainText("Version");
  await expect(overview).toContainText("Eingebettet (lokal)");

  const checks = page.getByRole("table", { name: "Prüfungen" });
  for (const label of ["Datenbank", "Cache", "Job-Warteschlange", "Zeitplaner (Heartbeat)", "E-Mail-Versand", "Speicher"]) {
    await expect(checks.getByRole("rowheader", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
  }
  const schedules = page.getByRole("table", { name: "Zeitpläne mit letztem Lauf, Zeiten in Europe/Berlin" });
  await expect(schedules.getByRole("row", { name: /ops-watch/ })).toContainText("alle 5 Minuten");
  await expect(schedules.getByRole("row", { name: /run-invoices/ })).toContainText("täglich um 04:30");
  await expect(
    page.getByRole("table", { name: "Betriebsalarme, zuletzt gesendete zuerst" }).getByRole("row", { name: /Job-Rückstau/ }),
  ).toContainText("oldest 20 min");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Überblick",
    "Prüfungen",
    "Zeitpläne",
    "Automatischer Versandstopp",
    "Nicht zugestellte E-Mails",
    "Betriebsalarme",
    "Eingehende Webhooks",
  ]);

  await expectValidHubPage(page, "/admin/system");
});

test("staff without users:manage get 403; a visitor is sent to the login", async ({ page }) => {
  await staffHolding(page, ["press-releases:publish", "billing:manage", "compliance:manage", "companies:write"]);
  const response = await page.goto(`${HUB}/admin/system`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keine Berechtigung");
  await expect(page.getByRole("table", { name: "Prüfungen" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Systemstatus" })).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(`${HUB}/admin/system`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Systemstatus")).toHaveCount(0);
});
