import { expect } from "@playwright/test";
import { confirmAdminArea, HUB, query, registerCustomer, runId, signIn, test } from "./auth-support";
import { confirmInDialog } from "./confirm-support";
import { signInAsNewSuperAdmin } from "./screens/visit-screens";

// Issue: destructive actions ask first, saying what will happen; the admin lists' filters return
// what they say.

test("a destructive action asks first: cancelling keeps everything, confirming acts", async ({ page }) => {
  const customer = await registerCustomer(page, "confirm");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const name = `Zu widerrufen ${runId()}`;
  await page.goto(`${HUB}/dashboard/tokens`);
  await page.getByLabel("Name").fill(name);
  const password = page.getByLabel("Ihr Passwort zur Bestätigung");
  if (await password.count()) await password.fill(customer.password);
  await page.getByRole("button", { name: "Token erstellen" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  await page.goto(`${HUB}/dashboard/tokens`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);

  // The question names the token and what follows; the focus is on "Abbrechen".
  await row.getByRole("button", { name: "Widerrufen" }).click();
  const dialog = page.getByRole("dialog", { name: `Token „${name}“ widerrufen?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("verlieren sofort den Zugang");
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  // Escape answers no as well; the confirming button acts.
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "Widerrufen" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "Widerrufen" }).click();
  expect(await confirmInDialog(page)).toContain("Das lässt sich nicht rückgängig machen");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  const [stored] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM api_tokens WHERE name = $1`, [name]);
  expect(stored!.n).toBe(0);
});

test("the admin lists' tabs and searches return what they say", async ({ browser }) => {
  const { page: admin, email } = await signInAsNewSuperAdmin(browser);
  await confirmAdminArea(admin, email);

  // Releases: every row under "In Prüfung" is in review, and the tab's count is the list's.
  await admin.goto(`${HUB}/admin/releases`);
  const tabs = admin.getByRole("navigation", { name: "Pressemitteilungen nach Status" });
  await tabs.getByRole("link", { name: /^In Prüfung/ }).click();
  await expect(admin).toHaveURL(/status=in_review/);
  // Tab count and list from one render: other tests move releases meanwhile.
  const counted = Number((await tabs.locator('[aria-current="page"] .tab-count').textContent())?.replace(/\D/g, ""));
  for (const row of await admin.getByRole("table").locator("tbody tr").all()) await expect(row).toContainText("In Prüfung");
  await expect(admin.getByRole("status").first()).toContainText(counted === 1 ? "1 Pressemitteilung" : `${counted} Pressemitteilungen`);

  // A number is that release, counted as one.
  const [first] = await query<{ id: number; title: string }>(
    `SELECT id, title FROM press_releases WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  await admin.goto(`${HUB}/admin/releases`);
  await admin.getByLabel("Suchbegriffe oder Nummer").fill(`Nr. ${first!.id}`);
  await admin.getByRole("button", { name: "Suchen" }).click();
  await expect(admin.getByRole("status").first()).toHaveText("1 Pressemitteilung");
  await expect(admin.getByRole("table").locator("tbody tr")).toHaveCount(1);
  await expect(admin.getByRole("table").locator("tbody tr")).toContainText(first!.title);

  // Payments: the status tab applies to the card payments as well.
  const run = runId();
  const [customer] = await query<{ id: number; email: string }>(
    `INSERT INTO users (email, name, email_verified_at, created_at, updated_at) VALUES ($1, 'Karte Kundin', now(), now(), now()) RETURNING id, email`,
    [`karte-${run}@example.com`],
  );
  const number = `STR-2026-${String(Date.now()).slice(-9)}`;
  await query(
    `INSERT INTO invoices (number, kind, user_id, status, amount_cents, tax_cents, issued_at, paid_at, updated_at)
     VALUES ($1, 'stripe', $2, 'paid', 4900, 931, now(), now(), now())`,
    [number, customer!.id],
  );
  const card = admin.getByRole("region", { name: "Kartenzahlungen" });
  await admin.goto(`${HUB}/admin/payments?status=paid&q=${encodeURIComponent(customer!.email)}`);
  await expect(card.getByRole("row").filter({ hasText: number })).toContainText("bezahlt");
  await admin.goto(`${HUB}/admin/payments?status=open&q=${encodeURIComponent(customer!.email)}`);
  await expect(card).toContainText("Keine Kartenzahlungen");
  await expect(card.getByRole("row").filter({ hasText: number })).toHaveCount(0);
  // The tabs count it under "Bezahlt" and "Alle" only.
  const paymentTabs = admin.getByRole("navigation", { name: "Rechnungen nach Status" });
  await expect(paymentTabs.getByRole("link", { name: /^Bezahlt/ })).toContainText("1");
  await expect(paymentTabs.getByRole("link", { name: /^Offen/ })).toContainText("0");
  await admin.context().close();
});
