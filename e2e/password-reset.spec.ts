import { expect } from "@playwright/test";
import { HUB, registerCustomer, rememberSecret, runId, signIn, test } from "./auth-support";

// "Passwort vergessen?" as a person meets it (spec 4.3, 5.7): a reset asked for and finished in
// one browser ends the session of every other, and only the new password signs in afterwards.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A client address of its own for a second browser, as the fixture gives each test's first one. */
function anotherClientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const address = `10.${octet()}.${octet()}.${octet()}`;
  rememberSecret(address);
  return address;
}

test("a password reset by mail signs out every browser; the old password stops working, the new one works", async ({ page, browser }) => {
  test.setTimeout(60_000);
  // A fresh account of this test's own, so no other test depends on its password.
  const { email, password } = await registerCustomer(page, "reset");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": anotherClientAddress() } });
  const otherPage = await other.newPage();
  await otherPage.goto(`${HUB}/login`);
  await otherPage.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(otherPage).toHaveURL(`${HUB}/login/reset`);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Passwort vergessen?");
  const requestForm = otherPage.getByRole("form", { name: "Link zum Zurücksetzen anfordern" });
  await requestForm.getByLabel("E-Mail-Adresse Ihres Kontos").fill(email);
  await requestForm.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click();
  await expect(requestForm.getByRole("status")).toContainText("Wenn zu dieser Adresse ein Konto besteht");

  // The mail, read as a newcomer reads it: on the local mailbox page.
  await expect(async () => {
    await otherPage.goto(`${HUB}/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(otherPage.getByRole("link", { name: "Passwort zurücksetzen" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await otherPage.getByRole("link", { name: "Passwort zurücksetzen" }).click();
  const text = await otherPage.locator("pre.mail-text").innerText();
  expect(text).toContain("60 Minuten");
  const link = new RegExp(`${escapeRegExp(HUB)}/login/reset/[A-Za-z0-9_-]{43}`).exec(text)![0];
  rememberSecret(link.split("/").at(-1)!);

  // Opening the link spends nothing and ends nothing (mail scanners open links too).
  await otherPage.goto(link);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Neues Passwort festlegen");
  await page.reload();
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  const newPassword = `e2e reset passphrase ${runId()}`;
  rememberSecret(newPassword);
  const form = otherPage.getByRole("form", { name: "Neues Passwort festlegen" });
  // Two different entries are refused by the form; the link stays usable.
  await form.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
  await form.getByLabel("Neues Passwort wiederholen").fill(`${newPassword}!`);
  await form.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(form.getByText("Die beiden Passwörter stimmen nicht überein.")).toBeVisible();
  await form.getByLabel("Neues Passwort", { exact: true }).fill(newPassword);
  await form.getByLabel("Neues Passwort wiederholen").fill(newPassword);
  await form.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(otherPage.getByText("Passwort geändert. Alle Geräte wurden abgemeldet.")).toBeVisible();

  // Not signed in by the reset: the way on is the sign-in page.
  await otherPage.getByRole("link", { name: "Jetzt anmelden" }).click();
  await expect(otherPage).toHaveURL(`${HUB}/login`);
  // The link was spent.
  await otherPage.goto(link);
  await otherPage.getByLabel("Neues Passwort", { exact: true }).fill(`${newPassword} again`);
  await otherPage.getByLabel("Neues Passwort wiederholen").fill(`${newPassword} again`);
  await otherPage.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(otherPage.getByText("Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.")).toBeVisible();
  await other.close();

  // The first browser's session ended with the reset.
  await page.reload();
  await expect(page).toHaveURL(`${HUB}/login`);
  await signIn(page, email, password);
  await expect(page.getByText("E-Mail-Adresse oder Passwort ist nicht korrekt.")).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});
