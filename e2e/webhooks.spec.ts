import { expect } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { DEMO_PASSWORD, HUB, query, rememberSecret, runId, signIn, test } from "./auth-support";
import { getAs } from "./host-request";
import { expectValidHubPage, htmlProblems } from "./html-validator";

// Outgoing webhooks on the embedded default (docs/webhooks.md): a newsroom owner points an
// endpoint at the local inspector, publishes a release through API v1 and sees the signed
// release.published message arrive there and in the endpoint's delivery log; a test event too.

const OWNER = "owner@quellcode-labs.example";
const MEMBER = "dev@quellcode-labs.example";
const INBOX = `http://localhost:${E2E_HOSTS.hub.split(":")[1]}/dev/webhooks/inbox`;

test("an owner's endpoint at the local inspector receives release.published, signed, and its log shows it delivered", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = runId();
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);

  // The inspector says which address to paste.
  await page.goto(`${HUB}/dev/webhooks`);
  await expect(page.getByRole("heading", { level: 1, name: "Lokaler Webhook-Empfänger" })).toBeVisible();
  await expect(page.getByText(INBOX, { exact: true })).toBeVisible();

  // An endpoint for release.published, after the password proof; the secret is shown once.
  await page.goto(`${HUB}/dashboard`);
  await page.getByRole("navigation", { name: "Kundenbereich" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await page
    .getByRole("link", { name: /Endpunkt anlegen/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Neuer Webhook-Endpunkt" })).toBeVisible();
  const form = page.getByRole("form", { name: "Webhook-Endpunkt anlegen" });
  await form.getByLabel("URL", { exact: true }).fill(INBOX);
  await form.getByLabel("Beschreibung (optional)").fill(`Lokaler Empfänger ${run}`);
  await form.getByRole("checkbox", { name: /release\.published/ }).check();
  await form.getByLabel("Ihr Passwort zur Bestätigung").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Endpunkt anlegen" }).click();
  const secretField = page.getByTestId("webhook-secret");
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  rememberSecret(await secretField.inputValue());
  await expect(page.getByText("Nur dieses eine Mal sichtbar.")).toBeVisible();
  await page.getByRole("link", { name: "Zum Endpunkt" }).click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks\/\d+$/);
  const endpointPath = new URL(page.url()).pathname;
  const endpointId = Number(endpointPath.split("/").at(-1));
  await expect(page.getByRole("heading", { level: 1, name: `Lokaler Empfänger ${run}` })).toBeVisible();

  // An API token (the proof just given still counts), then a release through API v1 that the embedded check publishes.
  await page.goto(`${HUB}/dashboard/tokens`);
  await page.getByLabel("Name").fill(`Webhooks ${run}`);
  const password = page.getByLabel("Ihr Passwort zur Bestätigung");
  if (await password.count()) await password.fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Token erstellen" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  rememberSecret(token);
  const [newsroom] = await query<{ id: number }>(`SELECT id FROM companies WHERE slug = 'quellcode-labs'`);
  const [category] = await query<{ slug: string }>(`SELECT slug FROM categories WHERE portal = 'tech' AND is_active ORDER BY id LIMIT 1`);
  const api = (method: string, path: string, body?: unknown) =>
    getAs(E2E_HOSTS.hub, path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const created = await api("POST", "/api/v1/releases", {
    newsroom_id: newsroom!.id,
    portal: "tech",
    language: "de",
    title: `Quellcode Labs liefert Webhooks für Redaktionssysteme aus (${run})`,
    body: "<p>Berlin, 2. Dezember 2026 – Quellcode Labs stellt seinen Kunden ab sofort Webhooks für ihre Redaktionssysteme bereit.</p><p>Die Nachrichten sind signiert und werden bei Fehlern bis zu drei Tage lang erneut zugestellt.</p><p>Die Funktion ist in allen Paketen ohne Aufpreis enthalten und lässt sich im Kundenbereich einrichten.</p>",
    location: "Berlin",
    contact: { name: "Aylin Demir", email: "press@quellcode-labs.example" },
    category: category!.slug,
    ai_declaration: "without_ai",
    submit: true,
  });
  expect(created.status, created.body).toBe(201);
  const releaseId = (JSON.parse(created.body) as { data: { id: number } }).data.id;
  await expect
    .poll(async () => (JSON.parse((await api("GET", `/api/v1/releases/${releaseId}`)).body) as { data: { status: string } }).data.status, {
      timeout: 30_000,
    })
    .toBe("published");
  let messageId = "";
  await expect
    .poll(async () => {
      const [message] = await query<{ id: string }>(
        `SELECT id FROM webhook_messages WHERE event_type = 'release.published' AND payload->'data'->'release'->>'id' = $1`,
        [String(releaseId)],
      );
      return (messageId = message?.id ?? "");
    })
    .toMatch(/^msg_/);

  // The inspector got it, and the signature is the endpoint's.
  await expect(async () => {
    await page.goto(`${HUB}/dev/webhooks`);
    const row = page.getByRole("row").filter({ hasText: messageId });
    await expect(row.locator(".webhook-signature-valid")).toHaveText(`gültig (Endpunkt #${endpointId})`, { timeout: 1_000 });
    await expect(row).toContainText("release.published");
  }).toPass({ timeout: 20_000 });
  expect(await htmlProblems((await getAs(E2E_HOSTS.hub, "/dev/webhooks")).body)).toEqual([]);

  // The endpoint's log, filtered by a plain GET form: the message delivered, answered 204.
  await page.goto(`${HUB}${endpointPath}`);
  await page.getByLabel("Ereignis", { exact: true }).selectOption("release.published");
  await page.getByLabel("Ergebnis", { exact: true }).selectOption("succeeded");
  await page.getByRole("button", { name: "Filtern" }).click();
  await expect(page).toHaveURL(/event=release\.published&outcome=succeeded/);
  const logRow = page.getByRole("row").filter({ hasText: messageId });
  await expect(logRow.locator(".badge")).toHaveText("Zugestellt");
  await expect(logRow.getByRole("cell", { name: "204", exact: true })).toBeVisible();

  // A test event from the page: a webhook.test row, delivered; sent again from the log.
  await page.goto(`${HUB}${endpointPath}`);
  await page.getByRole("button", { name: "Testereignis senden" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Testereignis erstellt" })).toBeVisible();
  await expect(async () => {
    await page.goto(`${HUB}${endpointPath}?event=webhook.test`);
    await expect(page.getByRole("row").filter({ hasText: "webhook.test" }).locator(".webhook-delivery-succeeded")).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  const testRow = page.getByRole("row").filter({ hasText: "webhook.test" });
  await testRow.getByRole("button", { name: "Erneut senden" }).click();
  await expect(testRow.getByRole("status")).toContainText("Erneut gesendet: Antwort 204");
  await expectValidHubPage(page, endpointPath);
  await expectValidHubPage(page, "/dashboard/webhooks");

  // A member of the newsroom sees why there is no form, and not the endpoint.
  const member = await browser.newPage();
  await signIn(member, MEMBER);
  await expect(member).toHaveURL(`${HUB}/dashboard`);
  await member.goto(`${HUB}/dashboard/webhooks`);
  await expect(member.getByText("richten die Inhaberinnen und Inhaber des Newsrooms ein")).toBeVisible();
  await expect(member.getByRole("link", { name: INBOX })).toHaveCount(0);
  await member.goto(`${HUB}${endpointPath}`);
  await expect(member.getByText("Webhooks verwalten die Inhaberinnen und Inhaber des Newsrooms.")).toBeVisible();
  await expect(member.getByText(INBOX)).toHaveCount(0);
  await member.close();
});
