import { appendFileSync } from "node:fs";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import pg from "pg";
import { E2E_DATABASE_URL, E2E_HOSTS, E2E_SEEN_SECRETS } from "../playwright.config";

export const HUB = `http://${E2E_HOSTS.hub}`;
export const DEMO_PASSWORD = "pressdesk-demo-2026";
export const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/**
 * Each auth test is a reader on its own machine: the per-address budgets (registration mails,
 * failed logins) then belong to the test, as they would to a person, not to the whole suite.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, provide) => {
    const octet = () => 1 + Math.floor(Math.random() * 254);
    const address = `10.${octet()}.${octet()}.${octet()}`;
    rememberSecret(address);
    await provide({ "x-forwarded-for": address });
  },
});

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${HUB}/login`);
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

/** Runs one query against the embedded database of the server under test. */
export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The newest mail of a type to an address, waiting for it to reach the outbox. */
export async function mailTo(address: string, mailType: string): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | undefined;
  await expect(async () => {
    [mail] = await query<{ subject: string; text: string }>(
      `SELECT subject, text FROM mail_outbox WHERE "to" = $1 AND mail_type = $2 ORDER BY id DESC LIMIT 1`,
      [address, mailType],
    );
    expect(mail).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return mail!;
}

export function firstHubLink(text: string): string {
  const link = text.match(new RegExp(`${HUB.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\S+`))![0];
  rememberSecret(link.split("/").at(-1)!);
  return link;
}

/** Asks for a login link on the sign-in page; returns the link as the outbox holds it. */
export async function requestLoginLink(page: Page, email: string): Promise<string> {
  await page.goto(`${HUB}/login`);
  const form = page.getByRole("form", { name: "Anmeldelink anfordern" });
  await form.getByLabel("E-Mail-Adresse für den Link").fill(email);
  await form.getByRole("button", { name: "Anmeldelink senden" }).click();
  await expect(form.getByRole("status")).toContainText("Anmeldelink");
  return firstHubLink((await mailTo(email, "login_link")).text);
}

/** Signs in as the mailbox's owner: a fresh login link, redeemed by its button. */
export async function signInByLoginLink(page: Page, email: string) {
  await page.goto(await requestLoginLink(page, email));
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard`);
}

/** Chromium's virtual WebAuthn authenticator: a platform passkey with user verification. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** The app's code for a base32 secret, for the next 30-second step so the replay guard never refuses it. */
export async function freshTotpCode(secret: string): Promise<string> {
  const msIntoStep = Date.now() % 30_000;
  // A code of the current step may have been used already; wait for the next one when close.
  await new Promise((r) => setTimeout(r, 30_000 - msIntoStep + 200));
  rememberSecret(secret);
  return generate({ secret });
}

/**
 * A fresh customer account through the registration form; returns its address and password.
 * With `confirm` (default), the address is confirmed by the registration mail's link and the
 * browser signed out again: a password signs in only once the address is confirmed.
 */
export async function registerCustomer(
  page: Page,
  label: string,
  opts: { confirm?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = `${label}-${runId()}@example.com`;
  const password = `e2e ${label} passphrase ${runId()}`;
  await page.goto(`${HUB}/register`);
  await page.getByLabel("Ihr Name").fill(`E2E ${label}`);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(page.getByRole("status")).toContainText("Wir haben Ihnen eine E-Mail geschickt");
  rememberSecret(password);
  if (opts.confirm ?? true) {
    await page.goto(firstHubLink((await mailTo(email, "registration_confirm")).text));
    await page.getByRole("button", { name: "Jetzt anmelden" }).click();
    await expect(page).toHaveURL(`${HUB}/dashboard`);
    await page.getByRole("button", { name: "Abmelden", exact: true }).click();
    await expect(page).toHaveURL(`${HUB}/login`);
  }
  return { email, password };
}

/**
 * A staff account of its own for one test, a copy of the demo admin (same password and
 * permissions): tests that enrol staff factors in parallel must not share one account's
 * e-mail code.
 */
export async function newAdmin(): Promise<string> {
  const email = `admin-${runId()}@pressdesk.localhost`;
  await query(
    `INSERT INTO users (email, name, password_hash, staff_role, permissions, email_verified_at, created_at, updated_at)
     SELECT $1, name, password_hash, staff_role, permissions, now(), now(), now() FROM users WHERE email = 'admin@pressdesk.localhost'`,
    [email],
  );
  return email;
}

/** Proves identity in the form with the mailed code (read from the outbox), or with the password. */
async function proveIdentity(page: Page, form: ReturnType<Page["getByRole"]>, proof: { password: string } | { emailCodeTo: string }) {
  if ("password" in proof) return form.getByLabel("Ihr Passwort zur Bestätigung").fill(proof.password);
  const since = new Date();
  await form.getByRole("button", { name: "Code per E-Mail senden" }).click();
  let code = "";
  await expect(async () => {
    const [mail] = await query<{ text: string }>(
      `SELECT text FROM mail_outbox WHERE "to" = $1 AND mail_type = 'identity_code' AND created_at >= $2 ORDER BY id DESC LIMIT 1`,
      [proof.emailCodeTo, since],
    );
    code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  rememberSecret(code);
  await form.getByLabel("Code aus der E-Mail").fill(code);
}

/**
 * Adds a passkey on the security page with the context's virtual authenticator, after the
 * identity proof the form asks for (a new passkey is a new way in).
 */
export async function addPasskey(page: Page, name: string, proof: { password: string } | { emailCodeTo: string }) {
  await page.goto(`${HUB}/dashboard/security`);
  // Each setting's form is closed until its section is opened.
  await page.getByRole("region", { name: "Passkeys" }).locator("summary", { hasText: "Passkey hinzufügen" }).click();
  const form = page.getByRole("form", { name: "Passkey hinzufügen" });
  await form.getByLabel("Name des Passkeys").fill(name);
  await proveIdentity(page, form, proof);
  await form.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByRole("table", { name: "Ihre Passkeys" })).toContainText(name);
}

/** Staff: a passkey of this browser (enrolled with the mailbox, never the password alone), then the admin area's strong confirmation with it. */
export async function confirmAdminArea(page: Page, email: string) {
  await addPasskey(page, `Admin-Browser ${runId()}`, { emailCodeTo: email });
  await page.goto(`${HUB}/admin/review`);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await page.getByRole("button", { name: "Mit Passkey bestätigen" }).click();
  // Confirmed staff start on the overview of what waits for them.
  await expect(page).toHaveURL(`${HUB}/admin`);
}

/** Notes a secret the server must never write to its log (checked by log-scan.spec.ts). */
export function rememberSecret(value: string) {
  if (value.length >= 6) appendFileSync(E2E_SEEN_SECRETS, `${value}\n`);
}

/** An admin (a copy of the demo admin) in a fresh browser with its own passkey, past the admin area's strong confirmation. */
export async function signInAsConfirmedAdmin(browser: Browser): Promise<Page> {
  const admin = await browser.newPage();
  await addVirtualAuthenticator(admin.context(), admin);
  const email = await newAdmin();
  await signIn(admin, email);
  await expect(admin).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(admin, email);
  return admin;
}
