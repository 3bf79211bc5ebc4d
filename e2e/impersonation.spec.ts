import { expect } from "@playwright/test";
import { addVirtualAuthenticator, confirmAdminArea, HUB, newAdmin, query, registerCustomer, runId, signIn, test } from "./auth-support";
import { expectValidHubPage } from "./html-validator";
import { confirmInDialog } from "./confirm-support";

// Impersonation for support (spec 6.1) as support staff and the customer meet it: staff with
// users:manage start it on the user page with a reason, see the customer area with the banner on
// every page, are refused the customer's password change, and return with "Beenden" to their own
// session; the customer's own browser stays signed in throughout. A customer cannot start one.

test("support acts as a customer with a reason, is refused the password change and returns with the banner's button", async ({
  browser,
}) => {
  const run = runId();
  const customerPage = await browser.newPage();
  const customer = await registerCustomer(customerPage, "impersonated");
  await signIn(customerPage, customer.email, customer.password);
  await expect(customerPage).toHaveURL(`${HUB}/dashboard`);
  const id = (await query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [customer.email]))[0]!.id;

  const page = await browser.newPage();
  await addVirtualAuthenticator(page.context(), page);
  const email = await newAdmin();
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, email);
  // Support holds users:manage, not the review queue the confirmation lands on.
  await query(`UPDATE users SET permissions = ARRAY['users:manage'] WHERE email = $1`, [email]);

  await page.goto(`${HUB}/admin/users/${id}`);
  await expectValidHubPage(page, `/admin/users/${id}`);
  await page.getByText("Als diese Person handeln").first().click();
  await page.getByLabel("Grund (z. B. Anfrage oder Ticketnummer)").fill(`Ticket ${run}: Entwurf nicht auffindbar`);
  await page.getByRole("button", { name: /^Als diese Person handeln/ }).click();
  await confirmInDialog(page);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const banner = page.getByRole("region", { name: "Aktiver Support-Zugang" });
  await expect(banner).toContainText(`Sie handeln als E2E impersonated (${customer.email})`);
  await expectValidHubPage(page, "/dashboard");

  // The banner stays on every page; the customer's password is not support's to change.
  await page.goto(`${HUB}/dashboard/security`);
  await expect(banner).toBeVisible();
  await page.getByRole("region", { name: "Passwort" }).locator("summary", { hasText: "Ändern" }).click();
  const passwordForm = page.getByRole("form", { name: "Passwort ändern" });
  await passwordForm.getByLabel("Aktuelles Passwort").fill(customer.password);
  await passwordForm.getByLabel("Neues Passwort").fill(`support passphrase ${run}`);
  await passwordForm.getByLabel("Wiederholung des neuen Passworts").fill(`support passphrase ${run}`);
  await passwordForm.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(passwordForm.getByRole("alert")).toContainText("Im Support-Zugang lassen sich Passwort");

  // The staff member is recorded with the login of path impersonation.
  const [login] = await query<{ impersonator_user_id: number | null; reason: string }>(
    `SELECT impersonator_user_id, reason FROM activity_log WHERE type = 'user.logged_in' AND actor_user_id = $1 AND path = 'impersonation' ORDER BY id DESC LIMIT 1`,
    [id],
  );
  expect(login?.reason).toContain(run);
  expect(login?.impersonator_user_id).not.toBeNull();

  await banner.getByRole("button", { name: "Beenden" }).click();
  await expect(page).toHaveURL(`${HUB}/admin/users/${id}`);
  await expect(page.getByRole("region", { name: "Aktiver Support-Zugang" })).toHaveCount(0);

  // The customer's own browser was never signed out, and the old password still works there.
  await customerPage.goto(`${HUB}/dashboard/security`);
  await expect(customerPage).toHaveURL(`${HUB}/dashboard/security`);
  await expect(customerPage.getByRole("region", { name: "Aktiver Support-Zugang" })).toHaveCount(0);
});

test("a customer cannot start an impersonation: the user page answers 403", async ({ page }) => {
  const customer = await registerCustomer(page, "notstaff");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const id = (await query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [customer.email]))[0]!.id;
  const response = await page.goto(`${HUB}/admin/users/${id}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Als diese Person handeln")).toHaveCount(0);
});
