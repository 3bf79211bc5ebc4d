import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { registerCustomer, signIn } from "./auth-support";

// Accessibility beyond a score (European Accessibility Act): axe-core with the WCAG 2.2 A and AA
// rules finds nothing on every reader page type, the hub's front page, registration, sign-in,
// the local checkout and the customer's main screens.

const business = `http://${E2E_HOSTS.business}`;
const tech = `http://${E2E_HOSTS.tech}`;
const HUB = `http://${E2E_HOSTS.hub}`;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const year = new Date().getFullYear();
const READER_PAGES = [
  `${business}/de`,
  `${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`,
  `${business}/de/category/energie`,
  `${business}/de/category/energie/archiv/${year}`,
  `${business}/de/newsroom`,
  `${business}/de/newsroom/nordlicht-energie`,
  `${business}/de/corrections`,
  `${business}/de/rss`,
  `${business}/de/suche?q=Windpark`,
  `${business}/de/gibt-es-nicht`,
  `${tech}/en`,
  `${tech}/en/search?q=release&sort=date`,
  `${HUB}/`,
  `${HUB}/en`,
  `${HUB}/register`,
  `${HUB}/login`,
];

for (const scheme of ["light", "dark"] as const) {
  test(`axe finds no WCAG 2.2 A/AA violation on the reader pages, the hub, registration and sign-in (${scheme})`, async ({ browser }) => {
    test.setTimeout(180_000);
    // A client address of its own: the release views it causes do not use up the machine's budget.
    const octet = () => 1 + Math.floor(Math.random() * 254);
    const context = await browser.newContext({
      colorScheme: scheme,
      extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
    });
    const page = await context.newPage();
    for (const url of READER_PAGES) {
      await page.goto(url);
      expect([url, await violationsOf(page)]).toEqual([url, []]);
    }
    await context.close();
  });
}

test("axe finds no violation on the customer's main screens and the local checkout", async ({ page }) => {
  test.setTimeout(180_000);
  const customer = await registerCustomer(page, "axe");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`, { timeout: 30_000 });
  for (const path of ["/dashboard", "/dashboard/newsrooms/new", "/dashboard/billing", "/dashboard/security", "/dashboard/tokens"]) {
    await page.goto(`${HUB}${path}`);
    expect([path, await violationsOf(page)]).toEqual([path, []]);
  }
  await page.goto(`${HUB}/dashboard/billing`);
  await page.getByRole("button", { name: "Business buchen" }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/cs_local_[0-9a-f]+$/);
  expect(["checkout", await violationsOf(page)]).toEqual(["checkout", []]);
});
