import { expect, type Page } from "@playwright/test";
import {
  addVirtualAuthenticator,
  confirmAdminArea,
  HUB,
  mailTo,
  newAdmin,
  query,
  registerCustomer,
  rememberSecret,
  requestLoginLink,
  runId,
  signIn,
  signInByLoginLink,
  test,
} from "./auth-support";

// Two takeovers, tried in the browser as the attacker would: a stolen session minting a passkey
// for itself, and an account registered with someone else's address waiting for its owner.

/** The security page shows each setting as a line of its state; its form opens from the summary. */
const openPasskeyAdd = (page: Page) =>
  page.getByRole("region", { name: "Passkeys" }).locator("summary", { hasText: "Passkey hinzufügen" }).click();

test("a stolen session cannot add a passkey: it needs a proof the session alone does not give", async ({ page, context }) => {
  await addVirtualAuthenticator(context, page);
  const { email, password } = await registerCustomer(page, "stolen");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.goto(`${HUB}/dashboard/security`);
  await openPasskeyAdd(page);
  const form = page.getByRole("form", { name: "Passkey hinzufügen" });
  await form.getByLabel("Name des Passkeys").fill("Angreifer");
  const passkeys = async () =>
    (
      await query<{ n: number }>(`SELECT count(*)::int AS n FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.email = $1`, [email])
    )[0]!.n;

  // Past the browser's own check (the attacker removes `required`): the server asks for the proof.
  await form.getByLabel("Ihr Passwort zur Bestätigung").evaluate((input) => input.removeAttribute("required"));
  await form.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByText("Bitte bestätigen Sie zuerst Ihre Identität.")).toBeVisible();
  // A guessed password does not do either.
  await form.getByLabel("Name des Passkeys").fill("Angreifer");
  await form.getByLabel("Ihr Passwort zur Bestätigung").fill("a guessed password");
  await form.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByText("Das Passwort ist nicht korrekt.")).toBeVisible();
  expect(await passkeys()).toBe(0);

  // The owner, who knows the password, adds one; the account address hears of it.
  await form.getByLabel("Name des Passkeys").fill("Mein Laptop");
  await form.getByLabel("Ihr Passwort zur Bestätigung").fill(password);
  await form.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByRole("table", { name: "Ihre Passkeys" })).toContainText("Mein Laptop");
  expect(await passkeys()).toBe(1);
  expect((await mailTo(email, "passkey_changed")).text).toContain("„Mein Laptop“ wurde zu Ihrem Konto hinzugefügt");
});

test("an account registered with someone else's address gives the squatter nothing once the owner arrives", async ({ page, browser }) => {
  const victim = `owner-${runId()}@example.com`;
  const squatterPassword = `squatter passphrase ${runId()}`;
  rememberSecret(squatterPassword);
  // The squatter registers the address with a password of their own.
  // A client of its own (the test runner plays the proxy that names client addresses).
  const squatterContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const squatter = await squatterContext.newPage();
  await squatter.goto(`${HUB}/register`);
  await squatter.getByLabel("Ihr Name").fill("Squatter");
  await squatter.getByLabel("E-Mail-Adresse").fill(victim);
  await squatter.getByLabel(/^Passwort/).fill(squatterPassword);
  await squatter.getByRole("checkbox").check();
  await squatter.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(squatter.getByRole("status")).toContainText("Wir haben Ihnen eine E-Mail geschickt");
  // ... and cannot sign in with it: the address was never confirmed.
  await signIn(squatter, victim, squatterPassword);
  await expect(squatter.getByText("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse")).toBeVisible();
  expect(squatter.url()).not.toContain("/dashboard");

  // The owner asks for a login link; the mailbox is theirs.
  await signInByLoginLink(page, victim);

  // Everything set before the confirmation is gone: the squatter's password signs in nobody.
  const [row] = await query<{ password_hash: string | null; email_verified_at: Date | null }>(
    `SELECT password_hash, email_verified_at FROM users WHERE email = $1`,
    [victim],
  );
  expect(row).toMatchObject({ password_hash: null, email_verified_at: expect.any(Date) });
  await signIn(squatter, victim, squatterPassword);
  await expect(squatter.getByText("E-Mail-Adresse oder Passwort ist nicht korrekt.")).toBeVisible();
  await squatterContext.close();
});

test("staff enrol their passkey with the mailbox, not with the password alone", async ({ page, context }) => {
  await addVirtualAuthenticator(context, page);
  const admin = await newAdmin();
  await signIn(page, admin);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await page.goto(`${HUB}/dashboard/security`);
  await openPasskeyAdd(page);
  const form = page.getByRole("form", { name: "Passkey hinzufügen" });
  // The password is not offered as a proof here; the e-mail code is.
  await expect(form.getByLabel("Ihr Passwort zur Bestätigung")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Code per E-Mail senden" })).toBeVisible();
});

test("a staff member with a passkey: the password or the mailbox alone ends at the challenge, the passkey passes it", async ({
  page,
  context,
}) => {
  await addVirtualAuthenticator(context, page);
  const admin = await newAdmin();
  await signIn(page, admin);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, admin);
  await page.getByRole("button", { name: "Abmelden", exact: true }).click();

  // The thief with the password: no session, only the challenge, which asks for the passkey.
  await signIn(page, admin);
  await expect(page).toHaveURL(`${HUB}/login/challenge`);
  await page.goto(`${HUB}/dashboard/newsrooms`);
  await expect(page).toHaveURL(`${HUB}/login/challenge`);
  await expect(page.getByLabel("Code aus der Authenticator-App oder Wiederherstellungscode")).toHaveCount(0);
  await page.getByRole("button", { name: "Abbrechen und abmelden" }).click();

  // The thief with the mailbox: the login link ends there too.
  await page.goto(await requestLoginLink(page, admin));
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/login/challenge`);

  // The owner's passkey completes the sign-in and confirms the admin area at once.
  await page.getByRole("button", { name: "Mit Passkey bestätigen" }).click();
  // Straight to the admin area's start page, past its confirmation.
  await expect(page).toHaveURL(`${HUB}/admin`);
});
