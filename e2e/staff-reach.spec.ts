import { expect, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { HUB, query, runId, signIn, test } from "./auth-support";
import { getAs } from "./host-request";

// The thief with a super-admin's password (no passkey, no app code) over HTTP, as the customer
// area answers them: another customer's team page and invoice are not there for them, and the
// admin copy of the invoice asks for the strong confirmation first. Staff act on other
// customers' newsrooms only in the admin area (docs/security.md).

/** A GET with the browser's cookies, without following redirects (the runner does not resolve *.localhost). */
async function getWithSession(page: Page, path: string) {
  const cookie = (await page.context().cookies(HUB)).map((c) => `${c.name}=${c.value}`).join("; ");
  return getAs(E2E_HOSTS.hub, path, { headers: { cookie } });
}

test("a super-admin signed in with the password alone reaches no other customer's team or invoice", async ({ page, browser }) => {
  const [demoStaff] = await query<{ factors: number }>(
    `SELECT (SELECT count(*) FROM passkeys p WHERE p.user_id = u.id)::int + (CASE WHEN u.totp_confirmed_at IS NULL THEN 0 ELSE 1 END) AS factors
       FROM users u WHERE u.email = 'superadmin@pressdesk.localhost'`,
  );
  // The demo super-admin has no strong factor yet, so the password completes a session.
  expect(demoStaff!.factors).toBe(0);
  await signIn(page, "superadmin@pressdesk.localhost");
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);

  const [hansebank] = await query<{ id: number }>(`SELECT id FROM companies WHERE name = 'Hansebank AG'`);
  const team = await getWithSession(page, `/dashboard/newsrooms/${hansebank!.id}/team`);
  expect(team.status).toBe(404);
  expect(team.body).not.toContain("hansebank.example");
  const profile = await getWithSession(page, `/dashboard/newsrooms/${hansebank!.id}`);
  expect(profile.status).toBe(404);

  // A manual invoice of Hansebank's owner, rendered on demand: the owner gets the PDF.
  const [invoice] = await query<{ id: number }>(
    `INSERT INTO invoices (number, kind, user_id, status, amount_cents, tax_cents, lines, recipient, issued_at, created_at, updated_at)
     SELECT $1, 'manual', id, 'open', 12900, 2451, $2::jsonb, $3::jsonb, now(), now(), now() FROM users WHERE email = 'owner@hansebank.example'
     RETURNING id`,
    [
      `MAN-E2E-${runId()}`,
      JSON.stringify([{ description: "Business-Plan", quantity: 1, unitNetCents: 12900 }]),
      JSON.stringify({ name: "Hansebank AG", street: "Am Sandtorkai 1", postalCode: "20457", city: "Hamburg", country: "DE" }),
    ],
  );
  const owner = await browser.newPage();
  await signIn(owner, "owner@hansebank.example");
  await expect(owner).toHaveURL(`${HUB}/dashboard`);
  const own = await getWithSession(owner, `/dashboard/billing/invoices/${invoice!.id}/pdf`);
  expect(own.status).toBe(200);
  expect(String(own.headers["content-type"])).toContain("application/pdf");

  const pdf = await getWithSession(page, `/dashboard/billing/invoices/${invoice!.id}/pdf`);
  expect(pdf.status).toBe(404);
  expect(String(pdf.headers["content-type"] ?? "")).not.toContain("application/pdf");
  const adminPdf = await getWithSession(page, `/admin/payments/invoices/${invoice!.id}/pdf`);
  expect(adminPdf.status).toBe(307);
  expect(String(adminPdf.headers.location)).toContain("/admin/confirm");
});
