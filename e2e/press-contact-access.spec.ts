import { expect, type Browser } from "@playwright/test";
import { HUB, query, registerCustomer, signIn, test } from "./auth-support";
import { confirmInDialog } from "./confirm-support";

// A press contact's address grants nothing (docs/newsrooms.md), as the attacker does it in the
// browser: the Hansebank responsible adds a press contact with another account's address; that
// account signs in and belongs to no newsroom; the owner finds the match on the team page and
// declines it. The responsible never sees the match.
const RESPONSIBLE = "presse@hansebank.example";
const OWNER = "owner@hansebank.example";
const hansebankId = async () => (await query<{ id: number }>(`SELECT id FROM companies WHERE slug = 'hansebank'`))[0]!.id;

async function browserOf(browser: Browser) {
  const address = `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  return { context, page: await context.newPage() };
}

test("a responsible's press contact with another account's address makes nobody a member; only the owner decides", async ({
  page,
  browser,
}) => {
  const companyId = await hansebankId();
  const victim = await registerCustomer(page, "kontakt");

  // The responsible adds the other account's address as a press contact.
  const responsible = await browserOf(browser);
  await signIn(responsible.page, RESPONSIBLE);
  await expect(responsible.page).toHaveURL(`${HUB}/dashboard`);
  await responsible.page.goto(`${HUB}/dashboard/newsrooms/${companyId}`);
  await responsible.page.getByText("Pressekontakt hinzufügen", { exact: true }).click();
  const contactForm = responsible.page.getByRole("form", { name: "Pressekontakt hinzufügen" });
  await contactForm.getByLabel("Name").fill("Kim Kontakt");
  await contactForm.getByLabel("E-Mail").fill(victim.email);
  await contactForm.getByRole("button", { name: "Kontakt hinzufügen" }).click();
  await expect(contactForm.getByRole("status")).toContainText("Pressekontakt hinzugefügt");

  try {
    // That account signs in with its password: no newsroom, and the team page is not found.
    await signIn(page, victim.email, victim.password);
    await expect(page).toHaveURL(`${HUB}/dashboard`);
    const memberships = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM company_user cu JOIN users u ON u.id = cu.user_id WHERE u.email = $1`,
      [victim.email],
    );
    expect(memberships[0]!.n).toBe(0);
    expect((await page.goto(`${HUB}/dashboard/newsrooms/${companyId}/team`))?.status()).toBe(404);

    // The responsible sees no match; the owner does, and declines it.
    await responsible.page.goto(`${HUB}/dashboard/newsrooms/${companyId}/team`);
    await expect(responsible.page.getByRole("heading", { name: "Vorschläge aus Ihren Adressen" })).toHaveCount(0);
    const owner = await browserOf(browser);
    await signIn(owner.page, OWNER);
    await expect(owner.page).toHaveURL(`${HUB}/dashboard`);
    await owner.page.goto(`${HUB}/dashboard/newsrooms/${companyId}/team`);
    const matches = owner.page.getByRole("table", { name: "Adressen des Newsrooms oder eines Pressekontakts, zu denen es ein Konto gibt" });
    const row = matches.getByRole("row").filter({ hasText: victim.email });
    await expect(row).toContainText("Pressekontakt");
    await row.getByRole("button", { name: "Ablehnen" }).click();
    await confirmInDialog(owner.page);
    await expect(owner.page.getByText("Keine offenen Vorschläge.")).toBeVisible();
    const blocks = await query<{ reason: string }>(`SELECT reason FROM company_auto_grant_blocks WHERE company_id = $1 AND email = $2`, [
      companyId,
      victim.email,
    ]);
    expect(blocks).toEqual([{ reason: "declined" }]);
    await owner.context.close();
  } finally {
    // The demo newsroom keeps its own contacts only.
    await query(`DELETE FROM contacts WHERE company_id = $1 AND email = $2`, [companyId, victim.email]);
    await query(`DELETE FROM company_auto_grant_blocks WHERE company_id = $1 AND email = $2`, [companyId, victim.email]);
    await responsible.context.close();
  }
});
