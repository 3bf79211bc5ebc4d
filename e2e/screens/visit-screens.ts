import { expect, type Browser, type Page } from "@playwright/test";
import { addVirtualAuthenticator, confirmAdminArea, HUB, query, runId, signIn } from "../auth-support";
import { SCREENS, type Screen } from "./screens";

// Every admin and dashboard screen as a confirmed super-admin and a newsroom owner see them on
// the demo content: the screenshots (screens.capture.ts) and the checks of every screen
// (every-screen.spec.ts) walk the same list the same way.

export const DEMO_OWNER = "owner@nordlicht-energie.example";

/** The demo records the list's `{placeholders}` name. */
export async function demoRecords() {
  const one = async (sql: string) => (await query<{ id: number }>(sql))[0]?.id ?? null;
  const company = await one(
    `SELECT c.id FROM companies c JOIN company_user cu ON cu.company_id = c.id JOIN users u ON u.id = cu.user_id WHERE u.email = '${DEMO_OWNER}' ORDER BY c.id LIMIT 1`,
  );
  return {
    company,
    published: await one(
      `SELECT id FROM press_releases WHERE company_id = ${company} AND status = 'published' ORDER BY published_at DESC NULLS LAST LIMIT 1`,
    ),
    draft: await one(`SELECT id FROM press_releases WHERE company_id = ${company} AND status = 'draft' ORDER BY id DESC LIMIT 1`),
    category: await one(`SELECT id FROM categories ORDER BY id LIMIT 1`),
    user: await one(`SELECT id FROM users WHERE email = '${DEMO_OWNER}'`),
    contact: await one(`SELECT id FROM contact_messages ORDER BY id DESC LIMIT 1`),
    legal: await one(`SELECT id FROM legal_requests ORDER BY id DESC LIMIT 1`),
    newsletter: await one(`SELECT id FROM newsletter_campaigns ORDER BY id DESC LIMIT 1`),
    webhook: await one(`SELECT id FROM webhook_endpoints WHERE company_id = ${company} ORDER BY id LIMIT 1`),
  };
}
export type DemoRecords = Awaited<ReturnType<typeof demoRecords>>;

/** The screen's path with its records filled in; null when the demo content has none of one. */
export function screenPath(screen: Screen, records: DemoRecords): string | null {
  const keys = [...screen.path.matchAll(/\{(\w+)\}/g)].map(([, k]) => k as keyof DemoRecords);
  if (keys.some((k) => !records[k])) return null;
  return screen.path.replace(/\{(\w+)\}/g, (_, k: keyof DemoRecords) => String(records[k]));
}

/** A new super-admin (a copy of the demo one, so the demo account's passkeys stay as they are), signed in, before confirming. */
export async function signInAsNewSuperAdmin(browser: Browser): Promise<{ page: Page; email: string }> {
  // A context of its own (not browser.newPage()): axe opens its frames in the page's context.
  const page = await (await browser.newContext()).newPage();
  await addVirtualAuthenticator(page.context(), page);
  const email = `superadmin-${runId()}@pressdesk.localhost`;
  await query(
    `INSERT INTO users (email, name, password_hash, staff_role, permissions, email_verified_at, created_at, updated_at)
     SELECT $1, name, password_hash, staff_role, permissions, now(), now(), now() FROM users WHERE email = 'superadmin@pressdesk.localhost'`,
    [email],
  );
  await signIn(page, email);
  await expect(page).toHaveURL(`${HUB}/admin/confirm`);
  return { page, email };
}

/** Visits every screen the demo content can fill: the admin confirmation first, then the admin area confirmed, then the dashboard. */
export async function visitScreens(
  browser: Browser,
  visit: (page: Page, screen: Screen, path: string) => Promise<void>,
): Promise<Screen[]> {
  const records = await demoRecords();
  const visited: Screen[] = [];

  const { page: admin, email } = await signInAsNewSuperAdmin(browser);
  const confirm = SCREENS.find((s) => s.area === "admin" && s.name === "confirm")!;
  await visit(admin, confirm, confirm.path);
  visited.push(confirm);
  await confirmAdminArea(admin, email);
  for (const screen of SCREENS.filter((s) => s.area === "admin" && s !== confirm)) {
    const path = screenPath(screen, records);
    if (path === null) continue;
    await visit(admin, screen, path);
    visited.push(screen);
  }
  await admin.context().close();

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, DEMO_OWNER);
  await expect(owner).toHaveURL(/\/dashboard/);
  for (const screen of SCREENS.filter((s) => s.area === "dashboard")) {
    const path = screenPath(screen, records);
    if (path === null) continue;
    await visit(owner, screen, path);
    visited.push(screen);
  }
  await owner.context().close();
  return visited;
}
