import { expect } from "@playwright/test";
import { addVirtualAuthenticator, confirmAdminArea, firstHubLink, HUB, mailTo, newAdmin, query, runId, signIn, test } from "./auth-support";
import { getAs } from "./host-request";

/** The campaign's mail to one address as the provider (the local mailbox) received it. */
async function deliveredTo(address: string): Promise<{ html: string; headers: Record<string, string> }> {
  let mail: { html: string; headers: Record<string, string> } | undefined;
  await expect(async () => {
    [mail] = await query<{ html: string; headers: Record<string, string> }>(
      `SELECT html, headers FROM local_mailbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`,
      [address],
    );
    expect(mail).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return mail!;
}

test("an admin writes a newsletter with bold text, filters English readers, previews, sends; the reader unsubscribes in one click", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const id = runId();
  const de = `leser-de-${id}@example.com`;
  const en = `reader-en-${id}@example.com`;
  await query(
    `INSERT INTO newsletter_subscribers (email, language, portals, confirmed_at, created_at, updated_at)
     VALUES ($1, 'de', '{}', now(), now(), now()), ($2, 'en', '{}', now(), now(), now())`,
    [de, en],
  );

  await addVirtualAuthenticator(context, page);
  const admin = await newAdmin();
  await query(`UPDATE users SET permissions = array_append(permissions, 'users:manage') WHERE email = $1`, [admin]);
  await signIn(page, admin);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  await confirmAdminArea(page, admin);

  await page.goto(`${HUB}/admin/newsletter`);
  await page.getByRole("link", { name: "Neuer Newsletter" }).click();
  await page.getByLabel("Betreff").fill(`Pressdesk news ${id}`);
  const editor = page.getByRole("textbox", { name: "Text" });
  await editor.click();
  await page.keyboard.type("Hello ");
  await page.getByRole("button", { name: "Fett" }).click();
  await page.keyboard.type("bold news");
  await expect(page.getByRole("button", { name: "Fett" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Sprache der Abonnenten").selectOption("en");
  await expect(page.getByTestId("recipient-count")).toHaveText(/^[1-9][\d.]* Empfänger$/);
  await page.getByRole("button", { name: "Entwurf speichern" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);
  const campaignId = Number(page.url().split("/").at(-1));

  // The preview: the HTML part in its sandboxed frame, and the text part.
  const preview = page.frameLocator('iframe[title="Vorschau der HTML-Fassung"]');
  await expect(preview.locator("strong")).toHaveText("bold news");
  await expect(preview.getByText("Unsubscribe from this kind of e-mail")).toBeVisible();
  await expect(page.getByTestId("newsletter-text-part")).toContainText("Hello bold news");

  await page.getByRole("checkbox", { name: /Vorschau geprüft/ }).check();
  await page.getByRole("button", { name: "Versand starten" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Versand gestartet" })).toBeVisible();

  const mail = await deliveredTo(en);
  expect(mail.html).toContain("<strong>bold news</strong>");
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  await expect(async () => {
    const [c] = await query<{ status: string }>(`SELECT status FROM newsletter_campaigns WHERE id = $1`, [campaignId]);
    expect(c?.status).toBe("sent");
  }).toPass({ timeout: 30_000 });
  expect(await query(`SELECT 1 FROM local_mailbox WHERE "to" = $1`, [de])).toHaveLength(0);

  // RFC 8058: the mail client POSTs to the header's address, without cookies.
  const target = new URL(/^<(.+)>$/.exec(mail.headers["List-Unsubscribe"]!)![1]!);
  const answer = await getAs(target.host, `${target.pathname}${target.search}`, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(answer.status).toBe(200);
  const [sub] = await query<{ unsubscribed_at: Date | null }>(`SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = $1`, [en]);
  expect(sub?.unsubscribed_at).not.toBeNull();
});

test("a reader subscribes on the hub; opening the link confirms nothing, the button does", async ({ page }) => {
  const email = `abonnent-${runId()}@example.com`;
  await page.goto(`${HUB}/newsletter`);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("radio", { name: "Englisch" }).check();
  await page.getByRole("checkbox", { name: "Pressdesk Tech" }).check();
  await page.getByRole("button", { name: "Newsletter bestellen" }).click();
  await expect(page.getByRole("status")).toContainText("Bitte sehen Sie in Ihr Postfach");

  const link = firstHubLink((await mailTo(email, "newsletter_confirm")).text);
  expect(link).toContain("/newsletter/en/confirm/");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your newsletter subscription");
  const [before] = await query<{ confirmed_at: Date | null; language: string; portals: string }>(
    `SELECT confirmed_at, language, portals::text FROM newsletter_subscribers WHERE email = $1`,
    [email],
  );
  expect(before).toMatchObject({ confirmed_at: null, language: "en", portals: "{tech}" });
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("status")).toContainText("your subscription is confirmed");
  const [after] = await query<{ confirmed_at: Date | null }>(`SELECT confirmed_at FROM newsletter_subscribers WHERE email = $1`, [email]);
  expect(after?.confirmed_at).not.toBeNull();

  // The same answer for an address that is already subscribed, and no second mail.
  await page.goto(`${HUB}/newsletter`);
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Newsletter bestellen" }).click();
  await expect(page.getByRole("status")).toContainText("Bitte sehen Sie in Ihr Postfach");
  expect(await query(`SELECT 1 FROM mail_outbox WHERE "to" = $1 AND mail_type = 'newsletter_confirm'`, [email])).toHaveLength(1);
});
