import { expect, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";
import { createNewsroom } from "./newsroom-support";
import { confirmInDialog } from "./confirm-support";
import {
  addVirtualAuthenticator,
  confirmAdminArea,
  HUB,
  mailTo,
  newAdmin,
  query,
  registerCustomer,
  rememberSecret,
  runId,
  signIn,
  test,
} from "./auth-support";

// Issue 15's journey on the embedded default, no keys: a new customer books a plan at the local
// test checkout (which sends Stripe-signed events to the webhook), creates an API token,
// publishes through the API, buys credits and books a home boost that shows on the portal;
// then gives notice through "Verträge hier kündigen". A second customer moves from Starter to
// Business ("Auf Business wechseln") through the same checkout.

/** Pays at the local test checkout and lands on the thank-you page. */
async function payAtLocalCheckout(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_[0-9a-f]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bezahlen" })).toBeVisible();
  await page.getByRole("button", { name: /bezahlen$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing\/thanks\?purpose=/);
  await expect(page.getByRole("heading", { level: 1, name: "Vielen Dank für Ihre Zahlung" })).toBeVisible();
}

test("a new customer books a plan, publishes through the API, buys credits and books a home boost shown on the portal", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = runId();
  const customer = await registerCustomer(page, "billing");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const companyId = await createNewsroom(page, `Hafenlicht ${run}`);
  await expect(page.getByRole("link", { name: "Paket wählen" })).toBeVisible();

  // Without a plan the API refuses the account's tokens; the plan opens it.
  await page.getByRole("link", { name: "Abrechnung" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Abrechnung" })).toBeVisible();
  await page.getByRole("button", { name: "Business buchen" }).click();
  await payAtLocalCheckout(page);
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByRole("heading", { name: /Paket Business/ })).toContainText("aktiv");
  const [agreement] = await query<{ status: string; monthly_release_quota: number; api_access: boolean }>(
    `SELECT status, monthly_release_quota, api_access FROM user_payment_options o JOIN users u ON u.id = o.user_id WHERE u.email = $1`,
    [customer.email],
  );
  expect(agreement).toEqual({ status: "active", monthly_release_quota: 10, api_access: true });
  // The provider invoice: mirrored as STR, its PDF stored and mailed with the delivery settings' default.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("link", { name: /PDF öffnen/ }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("cell", { name: /^STR-\d{4}-\d{5}$/ })).toBeVisible();
  const invoiceMail = await mailTo(customer.email, "invoice");
  expect(invoiceMail.subject).toMatch(/^Ihre Rechnung STR-/);

  // An API token after the password proof, then a release through API v1 that gets published.
  await page.getByRole("link", { name: "API-Tokens" }).click();
  await page.getByLabel("Name").fill("Redaktionssystem");
  await page.getByLabel("Ihr Passwort zur Bestätigung").fill(customer.password);
  await page.getByRole("button", { name: "Token erstellen" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  rememberSecret(token);
  const [category] = await query<{ slug: string }>(`SELECT slug FROM categories WHERE portal = 'tech' AND is_active ORDER BY id LIMIT 1`);
  const title = `Hafenlicht beleuchtet Containerterminal Waltershof (${run})`;
  const api = (method: string, path: string, body?: unknown) =>
    getAs(E2E_HOSTS.hub, path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const created = await api("POST", "/api/v1/releases", {
    newsroom_id: companyId,
    portal: "tech",
    language: "de",
    title,
    body: "<p>Hamburg, 24. November 2026 – Hafenlicht hat die Beleuchtung des Containerterminals Waltershof auf sparsame LED-Technik umgestellt.</p><p>Die neuen Leuchten senken den Stromverbrauch des Terminals um rund sechzig Prozent und lassen sich je nach Schiffsverkehr dimmen.</p><p>Der Umbau dauerte acht Monate und erfolgte bei laufendem Betrieb in drei Abschnitten.</p>",
    location: "Hamburg",
    contact: { name: "Pressestelle Hafenlicht", email: "presse@hafenlicht.example.com" },
    category: category!.slug,
    ai_declaration: "without_ai",
  });
  expect(created.status, created.body).toBe(201);
  const releaseId = (JSON.parse(created.body) as { data: { id: number } }).data.id;
  await expect
    .poll(async () => (JSON.parse((await api("GET", `/api/v1/releases/${releaseId}`)).body) as { data: { status: string } }).data.status, {
      timeout: 30_000,
    })
    .toBe("published");

  // Credits for the newsroom, then a three-day home boost from the release page.
  await page.goto(`${HUB}/dashboard/billing`);
  await page.getByRole("button", { name: "25 Credits für 59,00 € netto" }).click();
  await payAtLocalCheckout(page);
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByRole("heading", { name: `Hafenlicht ${run}: 25 Credits` })).toBeVisible();
  await page.goto(`${HUB}/dashboard/releases/${releaseId}`);
  const boost = page.getByRole("form", { name: "Boost buchen" });
  await boost.getByRole("radio", { name: /Startseite/ }).check();
  await boost.getByRole("radio", { name: /3 Tage/ }).check();
  await boost.getByRole("button", { name: "Für 12 Credits buchen" }).click();
  await expect(boost.getByRole("status")).toContainText("Boost gebucht");
  expect((await query<{ credits: number }>(`SELECT credits FROM companies WHERE id = $1`, [companyId]))[0]!.credits).toBe(13);

  await expect(async () => {
    await page.goto(`http://${E2E_HOSTS.tech}/de`);
    const featured = page.getByRole("region", { name: "Hervorgehoben (Anzeige)" });
    await expect(featured.getByRole("link", { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Ending the plan: the cancellation button, its confirmation page and the receipt by mail.
  await page.goto(`${HUB}/dashboard/billing`);
  await page.getByRole("link", { name: "Verträge hier kündigen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verträge hier kündigen" })).toBeVisible();
  await page.getByRole("button", { name: "Jetzt kündigen" }).click();
  await expect(page.getByRole("status")).toContainText("Ihre Kündigung ist eingegangen");
  const receipt = await mailTo(customer.email, "contract_cancellation");
  expect(receipt.text).toMatch(/erhalten/);
  expect(receipt.text).toMatch(/\d{2}:\d{2}/);
  const [noticed] = await query<{ cancel_at_period_end: boolean; status: string }>(
    `SELECT cancel_at_period_end, status::text FROM user_payment_options o JOIN users u ON u.id = o.user_id WHERE u.email = $1`,
    [customer.email],
  );
  expect(noticed).toEqual({ cancel_at_period_end: true, status: "active" });
  expect(
    await query(`SELECT path FROM activity_log a JOIN users u ON u.id = a.actor_user_id WHERE u.email = $1 AND a.type = 'form.intake'`, [
      customer.email,
    ]),
  ).toEqual([{ path: "cancellation" }]);
});

test("an admin issues a MAN invoice to a bank-transfer customer, sends a reminder and voids it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customer = await registerCustomer(page, "transfer");
  const admin = await browser.newPage();
  await addVirtualAuthenticator(admin.context(), admin);
  const adminEmail = await newAdmin();
  await query(`UPDATE users SET permissions = array_append(permissions, 'billing:manage') WHERE email = $1`, [adminEmail]);
  await signIn(admin, adminEmail);
  await expect(admin).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(admin, adminEmail);

  await admin.goto(`${HUB}/admin/payments`);
  await expect(admin.getByRole("heading", { level: 1, name: "Zahlungen" })).toBeVisible();
  await admin.getByRole("link", { name: "Rechnung ausstellen" }).click();
  await admin.getByLabel("E-Mail-Adresse des Kundenkontos").fill(customer.email);
  await admin.getByLabel("Position 1: Beschreibung").fill("Paket Business (Altvertrag)");
  await admin.getByLabel("Position 1: Einzelpreis netto in Euro").fill("129,00");
  await admin.getByLabel(/^Sofort senden/).check();
  await admin.getByRole("button", { name: "Rechnung ausstellen" }).click();
  await expect(admin).toHaveURL(/\/admin\/payments\?issued=MAN-\d{4}-\d{5}/);
  const number = /issued=(MAN-\d{4}-\d{5})/.exec(admin.url())![1]!;
  const invoiceMail = await mailTo(customer.email, "invoice");
  expect(invoiceMail.subject).toBe(`Ihre Rechnung ${number}`);

  // The PDF is rendered on demand with the VAT line.
  const [invoice] = await query<{ id: number }>(`SELECT id FROM invoices WHERE number = $1`, [number]);
  const pdf = await admin.evaluate(async (url) => {
    const r = await fetch(url);
    return { status: r.status, type: r.headers.get("content-type"), head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
  }, `${HUB}/admin/payments/invoices/${invoice!.id}/pdf`);
  expect(pdf).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });

  await admin.getByRole("button", { name: `Erinnern ${number}` }).click();
  await expect(admin.getByText("Zahlungserinnerung versandt (1. Erinnerung).")).toBeVisible();
  expect((await mailTo(customer.email, "invoice_reminder")).subject).toBe(`Zahlungserinnerung: Rechnung ${number}`);

  const row = admin.getByRole("row", { name: new RegExp(number) });
  await row.locator("summary", { hasText: "Stornieren" }).click();
  await row.getByLabel(/^Grund der Stornierung/).fill("Doppelt ausgestellt");
  await row.getByRole("button", { name: `Stornieren ${number}` }).click();
  await confirmInDialog(admin);
  await expect(admin.getByText("Rechnung storniert.")).toBeVisible();
  const [stored] = await query<{ status: string; reminder_count: number; void_reason: string; voided: boolean }>(
    `SELECT status::text, reminder_count, void_reason, voided_at IS NOT NULL AS voided FROM invoices WHERE number = $1`,
    [number],
  );
  expect(stored).toEqual({ status: "void", reminder_count: 1, void_reason: "Doppelt ausgestellt", voided: true });
  expect(
    (
      await query<{ type: string }>(
        `SELECT a.type FROM activity_log a JOIN users u ON u.id = a.actor_user_id WHERE u.email = $1 AND a.type LIKE 'invoice.%' ORDER BY a.id`,
        [adminEmail],
      )
    ).map((r) => r.type),
  ).toEqual(expect.arrayContaining(["invoice.created", "invoice.sent", "invoice.reminded", "invoice.voided"]));

  // The customer sees the invoice as voided, with its PDF.
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByRole("row", { name: new RegExp(number) })).toContainText("storniert");
  await admin.close();
});

test("a local test checkout shows and pays only in the session of the account that opened it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await registerCustomer(page, "checkout-owner");
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.goto(`${HUB}/dashboard/billing`);
  await page.getByRole("button", { name: "Business buchen" }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_[0-9a-f]+$/);
  const checkoutUrl = page.url();

  // Another browser: first without a session, then signed in as another customer.
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const stranger = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` } });
  const other = await stranger.newPage();
  await other.goto(checkoutUrl);
  await expect(other.getByText("Bitte melden Sie sich mit dem Konto an, das diese Testzahlung geöffnet hat.")).toBeVisible();
  await expect(other.getByRole("button", { name: /bezahlen$/ })).toHaveCount(0);
  await expect(other.getByText("Pressdesk Business")).toHaveCount(0);
  const intruder = await registerCustomer(other, "checkout-intruder");
  await signIn(other, intruder.email, intruder.password);
  await expect(other).toHaveURL(`${HUB}/dashboard`);
  await other.goto(checkoutUrl);
  await expect(other.getByText(/^Diese Testzahlung wurde von einem anderen Konto geöffnet\./)).toBeVisible();
  await expect(other.getByRole("button", { name: /bezahlen$/ })).toHaveCount(0);
  await stranger.close();
  expect(
    await query(`SELECT o.id FROM user_payment_options o JOIN users u ON u.id = o.user_id WHERE u.email = ANY($1)`, [
      [owner.email, intruder.email],
    ]),
  ).toEqual([]);

  // The owner pays.
  await page.getByRole("button", { name: /bezahlen$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing\/thanks\?purpose=booking/);
  const [agreement] = await query<{ status: string }>(
    `SELECT o.status::text FROM user_payment_options o JOIN users u ON u.id = o.user_id WHERE u.email = $1`,
    [owner.email],
  );
  expect(agreement).toEqual({ status: "active" });
});

test("a customer with a running plan sees its facts and moves to a bigger plan through the checkout", async ({ page }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(page, "upgrade");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByText("Ihre Zahlungsmethode geben Sie bei der ersten Buchung an.")).toBeVisible();
  await page.getByRole("button", { name: "Starter buchen" }).click();
  await payAtLocalCheckout(page);

  // The facts of a running plan: its state, the card it is paid with, no first-booking text.
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByRole("heading", { name: /Paket Starter/ })).toContainText("aktiv");
  await expect(page.getByText("Visa •••• 4242, gültig bis 12/2030")).toBeVisible();
  await expect(page.getByText(/bei der ersten Buchung/)).toHaveCount(0);
  await expect(page.getByText(/Ihr Paket Starter endet am \d{2}\.\d{2}\.\d{4} und verlängert sich nicht/).first()).toBeVisible();

  // The upgrade goes through the same checkout; once paid, Business runs and Starter ends with its period.
  await page.getByRole("button", { name: "Auf Business wechseln" }).click();
  await payAtLocalCheckout(page);
  await page.goto(`${HUB}/dashboard/billing`);
  await expect(page.getByRole("heading", { name: /Paket Business/ })).toContainText("aktiv");
  await expect(page.getByRole("heading", { name: /Paket Starter/ })).toContainText(/gekündigt zum \d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByRole("button", { name: "Auf Agentur wechseln" })).toBeVisible();
  expect(
    await query<{ plan: string; status: string; cancel_at_period_end: boolean }>(
      `SELECT plan, status::text, cancel_at_period_end FROM user_payment_options o JOIN users u ON u.id = o.user_id WHERE u.email = $1 ORDER BY o.id`,
      [customer.email],
    ),
  ).toEqual([
    { plan: "starter", status: "active", cancel_at_period_end: true },
    { plan: "business", status: "active", cancel_at_period_end: false },
  ]);
});
