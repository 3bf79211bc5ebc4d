import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import {
  addVirtualAuthenticator,
  confirmAdminArea,
  firstHubLink,
  HUB,
  mailTo,
  newAdmin,
  query,
  registerCustomer,
  runId,
  signIn,
  test,
} from "./auth-support";
import { getAs } from "./host-request";
import { expectValidHubPage, htmlProblems } from "./html-validator";
import { createNewsroom } from "./newsroom-support";

// The intake side of legal matters (spec 4.4) and the hub's contact form (spec 6.1): a reader's
// report through the public form, a customer's redaction with its required preview, a contact
// message answered from the admin area and read in the local mailbox.

for (const path of ["/rechtliche-anliegen", "/legal-requests", "/kontakt", "/contact"]) {
  test(`valid HTML: hub ${path}`, async () => {
    const res = await getAs(E2E_HOSTS.hub, path);
    expect(res.status).toBe(200);
    expect(await htmlProblems(res.body, { signedIn: true })).toEqual([]);
  });
}

test("a reader files a report through the public form: a receipt, the release linked, the intake recorded", async ({ page }) => {
  const [release] = await query<{ id: number; slug: string }>(
    `SELECT id, slug FROM press_releases WHERE portal = 'business' AND language = 'de' AND status = 'published' AND gone_at IS NULL ORDER BY id LIMIT 1`,
  );
  const email = `leserin-${runId()}@example.com`;
  await page.goto(`${HUB}/`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Rechtliche Anliegen" }).click();
  await expect(page).toHaveURL(`${HUB}/rechtliche-anliegen`);
  await expect(page.getByRole("heading", { level: 1, name: "Rechtliche Anliegen" })).toBeVisible();

  await page.getByRole("radio", { name: /Verletzung von Persönlichkeitsrechten/ }).check();
  await page.getByLabel("Ihr Name").fill("Erika Leserin");
  await page.getByLabel("Ihre E-Mail-Adresse").fill(email);
  await page.getByLabel("Adresse der betroffenen Seite").fill(`http://${E2E_HOSTS.business}/de/pressemitteilung/${release!.slug}`);
  await page.getByLabel("Ihr Anliegen").fill("Die Pressemitteilung nennt meinen Namen im dritten Absatz ohne meine Zustimmung.");
  await page.getByRole("button", { name: "Anliegen absenden" }).click();
  await expect(page.getByRole("status")).toContainText("Vorgangsnummer");

  const [row] = await query<{
    id: number;
    reference: string;
    track: string;
    source: string;
    press_release_id: number;
    requester_ip_hmac: string | null;
  }>(`SELECT id, reference, track, source, press_release_id, requester_ip_hmac FROM legal_requests WHERE requester_email = $1`, [email]);
  expect(row).toMatchObject({ track: "personal_rights", source: "form", press_release_id: release!.id });
  expect(row!.requester_ip_hmac).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(await query(`SELECT type FROM legal_request_events WHERE legal_request_id = $1`, [row!.id])).toEqual([{ type: "received" }]);
  expect(
    await query(`SELECT path FROM activity_log WHERE type = 'form.intake' AND subject_type = 'legal_request' AND subject_id = $1`, [
      String(row!.id),
    ]),
  ).toEqual([{ path: "legal_request" }]);
  // The requester learns a random reference, never the sequential id (how many came before).
  await expect(page.getByRole("status")).toContainText(`Vorgangsnummer ${row!.reference} eingegangen`);
  const receipt = await mailTo(email, "legal_request_received");
  expect(receipt.subject).toBe(`Ihr Anliegen ist eingegangen (Vorgang ${row!.reference})`);
  expect(receipt.text).not.toContain("dritten Absatz");
});

test("the English page answers in English and refuses a report without its page", async ({ page }) => {
  await page.goto(`${HUB}/legal-requests`);
  await expect(page.getByRole("heading", { level: 1, name: "Legal requests" })).toBeVisible();
  await page.getByRole("radio", { name: /Report of a legal violation/ }).check();
  await page.getByLabel("Your name").fill("Reader");
  await page.getByLabel("Your e-mail address").fill(`reader-${runId()}@example.com`);
  await page.getByLabel("Your request").fill("This release copies our text without permission.");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please check the marked fields." })).toBeVisible();
  await expect(page.getByText("Please fill in.")).toBeVisible();
  // The values stay for the correction.
  await expect(page.getByLabel("Your request")).toHaveValue("This release copies our text without permission.");
});

const BODY =
  "<p>Die Hafenlicht GmbH beleuchtet den Containerterminal Waltershof neu. Projektleiter Max Mustermann aus Hamburg-Altona koordiniert die Arbeiten.</p><p>Die neue Anlage spart rund 40 Prozent Strom.</p>";

/** A customer with a newsroom and one published release, signed out again. */
async function customerWithRelease(page: Page) {
  const { email, password } = await registerCustomer(page, "anliegen");
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const companyId = await createNewsroom(page, `Hafenlicht ${runId()}`);
  const title = `Hafenlicht beleuchtet Terminal Waltershof (${runId()})`;
  const [release] = await query<{ id: number }>(
    `INSERT INTO press_releases (company_id, author_user_id, portal, language, slug, title, body, content_hash, status, published_at, published_ever_at, created_at, updated_at)
     SELECT $1, id, 'tech', 'de', $2, $3, $4, repeat('0', 64), 'published', now(), now(), now(), now() FROM users WHERE email = $5 RETURNING id`,
    [companyId, `hafenlicht-${runId()}`, title, BODY, email],
  );
  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page).toHaveURL(`${HUB}/login`);
  return { email, title, releaseId: release!.id };
}

test("a customer comes in by the legal page's login link, requests a redaction with its preview and sees it listed", async ({ page }) => {
  test.setTimeout(90_000);
  const { email, title, releaseId } = await customerWithRelease(page);

  // The primary path of the legal page: a login link that lands on the customer's requests.
  await page.goto(`${HUB}/rechtliche-anliegen`);
  await page.getByLabel("E-Mail-Adresse Ihres Kundenkontos").fill(email);
  await page.getByRole("button", { name: "Anmeldelink senden" }).click();
  await expect(page.getByRole("status")).toContainText("Anmeldelink");
  await page.goto(firstHubLink((await mailTo(email, "login_link")).text));
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page).toHaveURL(`${HUB}/dashboard/legal-requests`);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const section = page.getByRole("region", { name: "Rechtliche Anliegen" });
  const opener = section.getByRole("button", { name: "Antrag stellen" });
  const dialog = page.getByRole("dialog", { name: "Antrag zu dieser Pressemitteilung" });
  // A keyboard user opens and leaves the dialog; focus returns to where it was.
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("radio", { name: /Schwärzung/ }).check();
  const submit = dialog.getByRole("button", { name: "Antrag stellen" });
  await dialog.getByLabel("Zu entfernende Textstellen").fill("Max Mustermann aus Hamburg-Altona");
  await dialog.getByLabel("Begründung").fill("Herr Mustermann hat der Nennung seines Namens und Wohnorts widersprochen.");
  // Without the preview the request cannot be filed.
  await expect(submit).toBeDisabled();
  await dialog.getByRole("button", { name: "Vorschau anzeigen" }).click();
  const preview = dialog.getByRole("region", { name: /Vorschau: So zeigt das Portal/ });
  await expect(preview.getByRole("article")).toContainText("Projektleiter [entfernt] koordiniert die Arbeiten.");
  await expect(preview.getByRole("article")).not.toContainText("Mustermann");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/Ich habe die Vorschau geprüft/).check();
  await submit.click();
  await expect(dialog.getByRole("status")).toContainText("Ihr Antrag ist eingegangen");
  await dialog.getByRole("button", { name: "Fertig" }).click();
  await expect(dialog).toBeHidden();

  const listed = section.getByRole("table", { name: "Anträge zu dieser Pressemitteilung" });
  await expect(listed.getByRole("row").filter({ hasText: "Schwärzung" })).toContainText("Eingegangen");
  const [row] = await query<{ id: number; reference: string; redacted_passages: string[]; redaction_preview: string; source: string }>(
    `SELECT id, reference, redacted_passages, redaction_preview, source FROM legal_requests WHERE press_release_id = $1 AND track = 'redaction'`,
    [releaseId],
  );
  expect(row).toMatchObject({ source: "customer", redacted_passages: ["Max Mustermann aus Hamburg-Altona"] });
  expect(row!.redaction_preview).toContain("Projektleiter [entfernt] koordiniert");

  // Opened again, a second redaction is not offered while this one is open.
  await opener.click();
  await expect(dialog.getByRole("radio", { name: /Schwärzung/ })).toBeDisabled();
  await page.keyboard.press("Escape");
  await page.goto(`${HUB}/dashboard/legal-requests`);
  await expect(page.getByRole("table", { name: "Anträge Ihrer Newsrooms" })).toContainText(row!.reference);
  await expectValidHubPage(page, `/dashboard/legal-requests`);
  await expectValidHubPage(page, `/dashboard/releases/${releaseId}`);
});

/** A copy of the demo admin with the contact screen's permission, past the admin area's confirmation. */
async function contactAdmin(browser: Browser): Promise<Page> {
  const admin = await browser.newPage({
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` },
  });
  await addVirtualAuthenticator(admin.context(), admin);
  const email = await newAdmin();
  await query(`UPDATE users SET permissions = array_append(permissions, 'users:manage') WHERE email = $1`, [email]);
  await signIn(admin, email);
  await expect(admin).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(admin, email);
  return admin;
}

test("a contact message is sent, answered by an editor, and the answer arrives in the mailbox", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `frage-${runId()}@example.com`;
  const subject = `Frage zu den Tarifen ${runId()}`;
  await page.goto(`${HUB}/kontakt`);
  await page.getByLabel("Ihr Name").fill("Jana Frage");
  await page.getByLabel("Ihre E-Mail-Adresse").fill(email);
  await page.getByLabel("Betreff").fill(subject);
  await page.getByLabel("Ihre Nachricht").fill("Was kostet eine Pressemitteilung im Monat, und gibt es Rabatte für Vereine?");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("status")).toContainText("Vielen Dank für Ihre Nachricht");

  const admin = await contactAdmin(browser);
  await admin.goto(`${HUB}/admin/contact`);
  await expect(admin.getByRole("navigation", { name: "Kontaktanfragen nach Status" }).getByRole("link", { name: /Offen/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await admin.getByRole("link", { name: subject }).click();
  await expect(admin.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const messagePath = new URL(admin.url()).pathname;
  await expectValidHubPage(admin, "/admin/contact");
  await expectValidHubPage(admin, messagePath);
  await admin
    .getByLabel("Antwort", { exact: true })
    .fill("Eine Pressemitteilung kostet im Tarif Basis 49 Euro.\n\nVereine erhalten 20 Prozent Nachlass.");
  await admin.getByRole("button", { name: "Antwort senden" }).click();
  await expect(admin.getByRole("heading", { name: "Gesendete Antwort" })).toBeVisible();
  await expect(admin.getByText("Beantwortet", { exact: true })).toBeVisible();
  await admin.close();

  // The answer is read where a newcomer reads every mail of the embedded default.
  const answerLink = page.getByRole("link", { name: `Antwort auf Ihre Nachricht: ${subject}` });
  await expect(async () => {
    await page.goto(`${HUB}/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(answerLink).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await answerLink.click();
  await expect(page.locator("pre.mail-text")).toContainText("Vereine erhalten 20 Prozent Nachlass.");
  const [row] = await query<{ id: number; status: string }>(`SELECT id, status FROM contact_messages WHERE email = $1`, [email]);
  expect(row!.status).toBe("answered");
  expect(
    await query(`SELECT type FROM activity_log WHERE subject_type = 'contact_message' AND subject_id = $1 ORDER BY id`, [String(row!.id)]),
  ).toEqual([{ type: "form.intake" }, { type: "contact_message.answered" }]);
});
