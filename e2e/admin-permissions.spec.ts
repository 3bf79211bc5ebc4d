import { expect, type Page } from "@playwright/test";
import { PERMISSIONS, type Permission } from "../lib/domains/accounts/permissions";
import { ADMIN_SCREENS } from "../lib/domains/accounts/admin-screens";
import { HUB, query, runId, signIn, test } from "./auth-support";

// Spec 5.11 as the person sees it: an admin holding one permission opens exactly the screens
// of that permission; every other screen answers 403 with the admin area's message, and the
// navigation offers nothing they cannot open. The admin-area confirmation itself is covered in
// auth.spec.ts; here the session is marked confirmed in the database to keep five admins cheap.

async function adminHolding(permissions: Permission[]): Promise<string> {
  const email = `admin-${runId()}@pressdesk.localhost`;
  await query(
    `INSERT INTO users (email, name, password_hash, staff_role, permissions, email_verified_at, created_at, updated_at)
     SELECT $1, 'Eingeschränkte Admin', password_hash, 'admin', $2, now(), now(), now() FROM users WHERE email = 'admin@pressdesk.localhost'`,
    [email, permissions],
  );
  return email;
}

async function signInConfirmed(page: Page, email: string) {
  await signIn(page, email);
  // The sign-in lands on the admin confirmation (staff with a permission) or the dashboard.
  await expect(page).toHaveURL(/\/(admin\/confirm|dashboard)$/);
  await query(`UPDATE sessions SET strong_auth_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
}

const screens = Object.values(ADMIN_SCREENS);

for (const permission of PERMISSIONS) {
  test(`an admin holding only ${permission} opens its screens and no others`, async ({ page }) => {
    // Sixteen screens in one browser: about 5 s alone, several times that beside a parallel worker on 2 cores.
    test.setTimeout(90_000);
    await signInConfirmed(page, await adminHolding([permission]));
    const own = screens.filter((s) => s.permission === permission);

    await page.goto(`${HUB}${own[0]!.href}`);
    const nav = page.getByRole("navigation", { name: "Verwaltung" });
    // The overview first, then the screens; a count of what waits may follow a label.
    await expect(nav.getByRole("link")).toHaveText([/^Übersicht/, ...own.map((s) => new RegExp(`^${s.label}(\\d|$)`))]);

    for (const screen of screens) {
      const response = await page.goto(`${HUB}${screen.href}`);
      if (screen.permission === permission) {
        expect(response?.status(), screen.href).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Keine Berechtigung");
      } else {
        expect(response?.status(), screen.href).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keine Berechtigung");
      }
    }
  });
}

test("a staff account without any permission starts in the dashboard and meets 403 on every admin screen", async ({ page }) => {
  await signInConfirmed(page, await adminHolding([]));
  await page.goto(`${HUB}/login/continue`);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await expect(page.getByRole("link", { name: "Verwaltung" })).toHaveCount(0);
  for (const screen of screens) expect((await page.goto(`${HUB}${screen.href}`))?.status(), screen.href).toBe(403);
});
