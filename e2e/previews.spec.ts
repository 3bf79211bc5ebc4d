import { expect } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { HUB, mailTo, query, rememberSecret, runId, signIn, test } from "./auth-support";
import { getAs } from "./host-request";
import { confirmInDialog } from "./confirm-support";

// Embargoed previews (docs/previews.md): an owner makes a personal link for a journalist on the
// release page; the journalist opens it in a browser of their own and reads the release with
// the banner naming them, privately and unindexed; the access log counts the open; once
// revoked, the link answers 410 without the release. A member and another newsroom see no links.

const OWNER = "owner@nordlicht-energie.example";
const MEMBER = "team@nordlicht-energie.example";
const STRANGER = "owner@hansebank.example";
const PANEL = "Vorschau für Journalistinnen und Journalisten";

/**
 * A release of the owner's newsroom in the editors' queue (not red): it stays in review for the
 * whole test (neither the automatic check nor its sweep takes up a release a person decides).
 */
async function releaseInReview(title: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO press_releases (status, portal, language, slug, title, lead, body, location, contact_name, contact_email,
                                 company_id, author_user_id, content_hash, manual_queue_at, updated_at)
     SELECT 'in_review', 'business', 'de', $1, $2, $3, $4, 'Husum', 'Jana Petersen', 'presse@nordlicht-energie.example',
            c.id, u.id, repeat('0', 64), now(), now()
       FROM companies c, users u WHERE c.slug = 'nordlicht-energie' AND u.email = $5
     RETURNING id`,
    [
      `vorschau-${runId()}`,
      title,
      "Nordlicht Energie baut einen Batteriespeicher mit 40 Megawattstunden am Umspannwerk Husum.",
      "<p>Der Speicher nimmt im Sommer den Betrieb auf und gleicht Schwankungen der Windparks in Nordfriesland aus.</p>",
      OWNER,
    ],
  );
  return row!.id;
}

test("an owner gives a journalist an embargoed preview, sees the open counted, and revokes it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const run = runId();
  const title = `Nordlicht Energie baut Batteriespeicher in Husum (${run})`;
  const releaseId = await releaseInReview(title);
  const recipientEmail = `redaktion-${run}@tagesblatt.example`;

  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`, { timeout: 20_000 });
  await page.goto(`${HUB}/dashboard/releases/${releaseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The link for one recipient, mailed with the embargo notice; shown once.
  const panel = page.getByRole("region", { name: PANEL });
  await panel.getByLabel("Name", { exact: true }).fill("Jana Beispiel");
  await panel.getByLabel("E-Mail", { exact: true }).fill(recipientEmail);
  await panel.getByLabel("Medium", { exact: true }).fill("Tagesblatt");
  await panel.getByRole("checkbox", { name: /Link per E-Mail senden/ }).check();
  await panel.getByRole("button", { name: "Vorschau-Link anlegen" }).click();
  await expect(
    panel.getByRole("status").filter({ hasText: "Vorschau-Link für Jana Beispiel angelegt und per E-Mail gesendet." }),
  ).toBeVisible();
  await expect(panel.getByText("Dieser Link wird nur jetzt angezeigt.")).toBeVisible();
  const field = page.getByTestId("preview-link-url");
  await expect(field).toHaveValue(new RegExp(`^${HUB}/vorschau/[A-Za-z0-9_-]{43}$`));
  const url = await field.inputValue();
  rememberSecret(url.split("/").at(-1)!);
  const path = new URL(url).pathname;

  // The recipient's mailbox has the link; the outbox keeps the finished mail without it.
  const mail = await mailTo(recipientEmail, "release_preview");
  expect(mail.subject).toBe(`Vertrauliche Vorschau: „${title}“`);
  expect(mail.text).toContain("Sperrfrist: Die Pressemitteilung ist noch nicht zur Veröffentlichung freigegeben");
  let received: { text: string } | undefined;
  await expect(async () => {
    [received] = await query<{ text: string }>(`SELECT text FROM local_mailbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [recipientEmail]);
    expect(received?.text).toContain(url);
  }).toPass({ timeout: 10_000 });
  await expect(async () => {
    const [kept] = await query<{ text: string; status: string }>(
      `SELECT text, status::text FROM mail_outbox WHERE "to" = $1 AND mail_type = 'release_preview' ORDER BY id DESC LIMIT 1`,
      [recipientEmail],
    );
    expect([kept?.status, kept?.text.includes(url), kept?.text.includes("/vorschau/[entfernt]")]).toEqual(["sent", false, true]);
  }).toPass({ timeout: 10_000 });

  const row = panel.getByRole("row").filter({ hasText: recipientEmail });
  await expect(row.locator(".badge")).toHaveText("Aktiv");

  // The journalist, in a browser of their own: the release before publication, with the banner.
  const context = await browser.newContext();
  const reader = await context.newPage();
  const response = await reader.goto(url);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers["cache-control"]).toContain("private");
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["x-robots-tag"]).toContain("noindex");
  // The token in the address never leaves as a Referer: the header (next.config.ts) and the page's own meta tag.
  expect(headers["referrer-policy"]).toBe("no-referrer");
  await expect(reader.getByText("Vertrauliche Vorschau für Jana Beispiel, Tagesblatt.")).toBeVisible();
  await expect(reader.getByText(/Noch nicht zur Veröffentlichung freigegeben/)).toBeVisible();
  await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText("Der Speicher nimmt im Sommer den Betrieb auf")).toBeVisible();
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(reader.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await expect(reader.getByText("Teilen", { exact: true })).toHaveCount(0);
  await expect(reader.locator(".view-beacon")).toHaveCount(0);
  await expect(reader.locator("script")).toHaveCount(0);

  // Plain HTTP as a link checker asks (HEAD): the same private answer, and it counts no open.
  const head = await getAs(E2E_HOSTS.hub, path, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(String(head.headers["cache-control"])).toContain("no-store");
  // Not on the portal before publication.
  expect((await getAs(E2E_HOSTS.business, `/de/feed`)).body).not.toContain(run);

  // The access log: one open, with its time.
  await page.reload();
  const counted = page.getByRole("region", { name: PANEL }).getByRole("row").filter({ hasText: recipientEmail });
  await expect(counted.getByRole("cell", { name: "1", exact: true })).toBeVisible();

  // A member of the newsroom sees the release but no links; another newsroom's owner not even the release.
  const member = await browser.newPage();
  await signIn(member, MEMBER);
  await expect(member).toHaveURL(`${HUB}/dashboard`);
  await member.goto(`${HUB}/dashboard/releases/${releaseId}`);
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(member.getByRole("region", { name: PANEL })).toHaveCount(0);
  await expect(member.getByText(recipientEmail)).toHaveCount(0);
  await member.close();
  const stranger = await browser.newPage();
  await signIn(stranger, STRANGER);
  await expect(stranger).toHaveURL(`${HUB}/dashboard`);
  expect((await stranger.goto(`${HUB}/dashboard/releases/${releaseId}`))?.status()).toBe(404);
  await expect(stranger.getByText(recipientEmail)).toHaveCount(0);
  await stranger.close();

  // Revoked: the next open answers 410 without the release.
  await counted.getByRole("button", { name: "Link widerrufen" }).click();
  await confirmInDialog(page);
  await expect(page.getByRole("region", { name: PANEL }).getByRole("row").filter({ hasText: recipientEmail }).locator(".badge")).toHaveText(
    "Widerrufen",
  );
  const gone = await reader.goto(url);
  expect(gone?.status()).toBe(410);
  expect(gone!.headers()["cache-control"]).toContain("no-store");
  await expect(reader.getByRole("heading", { level: 1, name: "Diese Vorschau ist nicht mehr verfügbar" })).toBeVisible();
  await expect(reader.getByText(title)).toHaveCount(0);
  await expect(reader.getByText("Jana Beispiel")).toHaveCount(0);
  await context.close();
});
