import { expect } from "@playwright/test";
import { HUB, query, rememberSecret, runId, test } from "./auth-support";

// The embedded default keeps mail on this machine: a newcomer reads it on the hub's mailbox page.
test("a new customer registers and confirms by the link read from the local mailbox page", async ({ page }) => {
  const email = `mailbox-${runId()}@example.com`;
  const password = `mailbox passphrase ${runId()}`;
  rememberSecret(password);
  await page.goto(`${HUB}/register`);
  await page.getByLabel("Ihr Name").fill("Erika Mailbox");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("status")).toContainText("Wir haben Ihnen eine E-Mail geschickt");

  // Delivered by the in-process job: it appears on the mailbox page without any SQL.
  await expect(async () => {
    await page.goto(`${HUB}/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: /E-Mail-Adresse/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole("link", { name: /E-Mail-Adresse/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Kopfzeilen" })).toBeVisible();
  await expect(page.locator("dl.facts")).toContainText("X-PD-Ref");
  await expect(page.frameLocator("iframe[title='HTML-Teil der E-Mail']").locator("body")).toContainText("Pressdesk");
  const text = await page.locator("pre.mail-text").innerText();
  const link = text.match(new RegExp(`${HUB.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\S+`))![0];
  rememberSecret(link.split("/").at(-1)!);

  await page.goto(link);
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const [row] = await query<{ status: string; provider_message_id: string }>(
    `SELECT status, provider_message_id FROM mail_outbox WHERE "to" = $1 AND mail_type = 'registration_confirm'`,
    [email],
  );
  expect(row).toMatchObject({ status: "sent" });
  expect(row!.provider_message_id).toMatch(/^local-\d+$/);
});
