import { expect } from "@playwright/test";
import { firstHubLink, HUB, mailTo, query, rememberSecret, runId, signIn, test } from "./auth-support";
import { confirmInDialog } from "./confirm-support";

// The newsroom team (issue 14): an owner of a seeded newsroom invites a new address, the
// invitee reads the invitation on the local mailbox page, registers from it and, once the
// address is confirmed, belongs to the newsroom; the owner changes the role; the last owner
// cannot leave. The Hansebank owner is the newsroom's only owner in the demo seed.
const OWNER = "owner@hansebank.example";
const hansebankId = async () => (await query<{ id: number }>(`SELECT id FROM companies WHERE slug = 'hansebank'`))[0]!.id;

test("an owner invites a new address; the invitee registers from the mail and joins; the last owner cannot leave", async ({
  page,
  browser,
}) => {
  const companyId = await hansebankId();
  const teamUrl = `${HUB}/dashboard/newsrooms/${companyId}/team`;
  const invitee = `kollegin-${runId()}@example.com`;
  const password = `team passphrase ${runId()}`;
  rememberSecret(password);

  // The owner invites the address as a member.
  await signIn(page, OWNER);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  await page.goto(teamUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hansebank AG");
  const inviteForm = page.getByRole("form", { name: "Person einladen" });
  await inviteForm.getByLabel("E-Mail-Adresse").fill(invitee);
  await inviteForm.getByRole("radio", { name: /^Mitglied/ }).check();
  await inviteForm.getByRole("button", { name: "Einladung senden" }).click();
  await expect(inviteForm.getByRole("status")).toContainText(`Einladung an ${invitee} gesendet`);
  await expect(page.getByRole("table", { name: "Offene Einladungen" })).toContainText(invitee);

  // The invitee, in a browser of their own, reads the invitation on the local mailbox page.
  const inviteeAddress = `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  rememberSecret(inviteeAddress);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": inviteeAddress } });
  const other = await context.newPage();
  await expect(async () => {
    await other.goto(`${HUB}/dev/mailbox?to=${encodeURIComponent(invitee)}`);
    await expect(other.getByRole("link", { name: /Einladung in den Newsroom/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await other
    .getByRole("link", { name: /Einladung in den Newsroom/ })
    .first()
    .click();
  const mailText = await other.locator("pre.mail-text").innerText();
  expect(mailText).toContain("Dr. Carla Wendt lädt Sie in den Newsroom „Hansebank AG“");
  const invitationLink = firstHubLink(mailText);
  expect(invitationLink).toContain("/invitation/");

  // Opening the link accepts nothing (mail scanners open links); without an account the way in is a registration.
  await other.goto(invitationLink);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Einladung in den Newsroom „Hansebank AG“");
  await expect(other.getByText("Dr. Carla Wendt")).toBeVisible();
  expect(await query(`SELECT 1 FROM company_invitations WHERE email = $1 AND accepted_at IS NOT NULL`, [invitee])).toHaveLength(0);
  await other.getByRole("link", { name: "Konto anlegen" }).click();
  await expect(other).toHaveURL(/\/register\?/);
  await expect(other.getByLabel("E-Mail-Adresse")).toHaveValue(invitee);
  await other.getByLabel("Ihr Name").fill("Eva Einladung");
  await other.getByLabel(/^Passwort/).fill(password);
  await other.getByRole("checkbox").check();
  await other.getByRole("button", { name: "Konto anlegen" }).click();
  await expect(other.getByRole("status")).toContainText("Wir haben Ihnen eine E-Mail geschickt");

  // Confirming the address accepts the invitation; the newsroom is there, its team read-only.
  await other.goto(firstHubLink((await mailTo(invitee, "registration_confirm")).text));
  await other.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(other).toHaveURL(`${HUB}/dashboard`);
  await other.goto(teamUrl);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Hansebank AG");
  const inviteeRow = other.getByRole("table", { name: "Mitglieder des Newsrooms" }).getByRole("row").filter({ hasText: invitee });
  await expect(inviteeRow).toContainText("Mitglied");
  await expect(inviteeRow).toContainText("manuell");
  await expect(other.getByRole("form", { name: "Person einladen" })).toHaveCount(0);
  await expect(other.getByRole("combobox")).toHaveCount(0);
  // The used invitation link now answers with one clear message.
  await other.goto(invitationLink);
  await expect(other.getByText("Diese Einladung ist ungültig, abgelaufen oder wurde schon angenommen.")).toBeVisible();
  await context.close();

  // The owner makes the new colleague responsible.
  await page.goto(teamUrl);
  const roleForm = page.getByRole("form", { name: "Rolle von Eva Einladung" });
  await roleForm.getByRole("combobox").selectOption({ label: "Verantwortliche/r" });
  await roleForm.getByRole("button", { name: "Speichern" }).click();
  await expect(roleForm.getByRole("status")).toContainText("Rolle geändert");
  const [row] = await query<{ role: string; granted_via: string }>(
    `SELECT cu.role, cu.granted_via FROM company_user cu JOIN users u ON u.id = cu.user_id WHERE cu.company_id = $1 AND u.email = $2`,
    [companyId, invitee],
  );
  expect(row).toEqual({ role: "responsible", granted_via: "manual" });

  // The only owner cannot leave: the refusal says why, and the membership stays.
  const ownerRow = page.getByRole("table", { name: "Mitglieder des Newsrooms" }).getByRole("row").filter({ hasText: OWNER });
  await ownerRow.getByRole("button", { name: "Newsroom verlassen" }).click();
  await confirmInDialog(page);
  await expect(ownerRow.getByRole("alert")).toContainText("Ein Newsroom braucht mindestens eine Inhaberin oder einen Inhaber");
  const owners = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM company_user cu JOIN users u ON u.id = cu.user_id WHERE cu.company_id = $1 AND cu.role = 'owner' AND u.email = $2`,
    [companyId, OWNER],
  );
  expect(owners[0]!.n).toBe(1);
});

test("the team page of a newsroom one does not belong to is not found", async ({ page }) => {
  const companyId = await hansebankId();
  await signIn(page, "owner@nordlicht-energie.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const response = await page.goto(`${HUB}/dashboard/newsrooms/${companyId}/team`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Hansebank AG" })).toHaveCount(0);
});
