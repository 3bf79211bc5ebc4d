import { expect } from "@playwright/test";
import {
  addPasskey,
  addVirtualAuthenticator,
  confirmAdminArea,
  firstHubLink,
  freshTotpCode,
  HUB,
  mailTo,
  newAdmin,
  registerCustomer,
  requestLoginLink,
  signIn,
  test,
} from "./auth-support";

// What a person does to get in and to keep others out: registration, the sign-in paths, the
// second factor, passkeys, login links, signing out other devices and the admin confirmation.

test("register, confirm the address by login link, then sign in with the password", async ({ page }) => {
  const { email, password } = await registerCustomer(page, "register", { confirm: false });
  // Before the address is confirmed, the password signs nobody in.
  await signIn(page, email, password);
  await expect(page.getByText("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse")).toBeVisible();
  const mail = await mailTo(email, "registration_confirm");
  await page.goto(firstHubLink(mail.text));
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page).toHaveURL(`${HUB}/login`);
  await signIn(page, email, "not the password at all");
  await expect(page.getByText("E-Mail-Adresse oder Passwort ist nicht korrekt.")).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});

test("sign in by a login link read from the mail outbox; the link works once", async ({ page }) => {
  const { email } = await registerCustomer(page, "loginlink", { confirm: false });
  const link = await requestLoginLink(page, email);

  await page.goto(link);
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await page.goto(link);
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page.getByText("Der Anmeldelink ist ungültig, abgelaufen oder wurde schon benutzt.")).toBeVisible();
});

test("enable TOTP and pass the challenge at the next sign-in", async ({ page }) => {
  test.setTimeout(120_000);
  const { email, password } = await registerCustomer(page, "totp");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.getByRole("link", { name: "Sicherheit" }).click();

  const section = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await section.locator("summary", { hasText: "Einrichten" }).click();
  const setupForm = section.getByRole("form", { name: "Zwei-Faktor-Anmeldung einrichten" });
  await setupForm.getByLabel("Ihr Passwort zur Bestätigung").fill(password);
  await setupForm.getByRole("button", { name: "Zwei-Faktor-Anmeldung einrichten" }).click();
  const secret = (await section.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await section.getByLabel("Bestätigungscode aus der App").fill(await freshTotpCode(secret));
  await section.getByRole("button", { name: "Einrichtung abschließen" }).click();
  await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await section.getByRole("button", { name: "Ich habe die Codes gesichert" }).click();
  await expect(section.getByTestId("recovery-codes-left")).toContainText("10");
  // The account address hears of it (spec 5.3).
  expect((await mailTo(email, "security_notice")).subject).toBe("Die Zwei-Faktor-Anmeldung wurde eingeschaltet");

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/login/challenge`);
  // The dashboard is out of reach until the challenge is passed.
  await page.goto(`${HUB}/dashboard`);
  await expect(page).toHaveURL(`${HUB}/login/challenge`);
  await page.getByLabel("Code aus der Authenticator-App oder Wiederherstellungscode").fill("000000");
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText("Der Code ist nicht korrekt.")).toBeVisible();
  await page.getByLabel("Code aus der Authenticator-App oder Wiederherstellungscode").fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});

test("add a passkey with the virtual authenticator and sign in with it", async ({ page, context }) => {
  await addVirtualAuthenticator(context, page);
  const { email, password } = await registerCustomer(page, "passkey");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await addPasskey(page, "Testgerät", { password });
  // The account address hears of it.
  expect((await mailTo(email, "passkey_changed")).subject).toBe("Ein Passkey wurde Ihrem Konto hinzugefügt");

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page).toHaveURL(`${HUB}/login`);
  await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);
});

test("sign out other devices throws the second browser out and keeps this one", async ({ page, browser }) => {
  const { email, password } = await registerCustomer(page, "devices");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, password);
  await expect(otherPage).toHaveURL(`${HUB}/dashboard`);

  await page.goto(`${HUB}/dashboard/security`);
  const devices = page.getByRole("region", { name: "Angemeldete Geräte" });
  await expect(devices.getByRole("table", { name: "Angemeldete Geräte" }).getByRole("row")).toHaveCount(3);
  await devices.getByRole("button", { name: "Andere Geräte abmelden" }).click();
  await expect(devices.getByRole("table", { name: "Angemeldete Geräte" }).getByRole("row")).toHaveCount(2);

  await otherPage.goto(`${HUB}/dashboard`);
  await expect(otherPage).toHaveURL(`${HUB}/login`);
  await page.goto(`${HUB}/dashboard`);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await other.close();
});

test("an admin is asked for strong confirmation before the admin area", async ({ page, context }) => {
  await addVirtualAuthenticator(context, page);
  const admin = await newAdmin();
  await signIn(page, admin);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adminbereich bestätigen");
  // Nothing of the area shows before it is confirmed.
  await expect(page.getByRole("navigation", { name: "Verwaltung" })).toHaveCount(0);
  await page.goto(`${HUB}/admin/review`);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, admin);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Übersicht");
});
