import { expect, test } from "@playwright/test";
import pg from "pg";
import { E2E_DATABASE_URL, E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";

const business = `http://${E2E_HOSTS.business}`;
// Headless Chromium names itself HeadlessChrome, which counts as a bot; a reader's browser does not.
// A client address of its own: views are counted at most 10 an hour per client and release, and
// other tests read this release from the same machine.
const octet = () => 1 + Math.floor(Math.random() * 254);
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
});
const SLUG = "nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb";

async function viewsOf(slug: string): Promise<number> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM press_release_events e JOIN press_releases r ON r.id = e.press_release_id WHERE r.slug = $1 AND e.type = 'view'",
      [slug],
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

test("portal pages may be kept by a CDN; feeds are kept by readers only", async () => {
  const page = await getAs(E2E_HOSTS.business, `/de/pressemitteilung/${SLUG}`);
  expect(page.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  const home = await getAs(E2E_HOSTS.business, "/de");
  expect(home.headers["cache-control"]).toContain("s-maxage=60");
  const feed = await getAs(E2E_HOSTS.business, "/de/feed");
  expect(feed.headers["cache-control"]).toBe("public, max-age=300, s-maxage=0");
  // The hub's front page is the same for everyone; its sign-in and account pages stay private.
  expect((await getAs(E2E_HOSTS.hub, "/")).headers["cache-control"]).toContain("s-maxage=60");
  const login = await getAs(E2E_HOSTS.hub, "/login");
  expect(login.headers["cache-control"] ?? "").not.toContain("s-maxage");
});

test("a reader's view is counted by the page's view beacon; a crawler's fetch of the beacon is not", async ({ page }) => {
  const before = await viewsOf(SLUG);
  const beacon = page.waitForResponse((r) => /\/seen\/\d+$/.test(r.url()));
  await page.goto(`${business}/de/pressemitteilung/${SLUG}`);
  const answered = await beacon;
  expect([answered.status(), answered.headers()["content-type"], answered.headers()["cache-control"]]).toEqual([
    200,
    "image/gif",
    "no-store",
  ]);
  await expect.poll(() => viewsOf(SLUG)).toBe(before + 1);

  const path = new URL(answered.url()).pathname;
  const bot = await getAs(E2E_HOSTS.business, path, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } });
  expect(bot.status).toBe(200);
  await new Promise((r) => setTimeout(r, 500));
  expect(await viewsOf(SLUG)).toBe(before + 1);
});
