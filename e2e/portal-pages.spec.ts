import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";

const business = `http://${E2E_HOSTS.business}`;
/** A client address of its own for a browser context: release views count at most 10 an hour per client. */
const ownAddress = () => ({
  "x-forwarded-for": `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`,
});

test("a reader goes from the portal home to a release, its newsroom and the newsroom feed", async ({ page }) => {
  await page.goto(`${business}/de`);
  await page.getByRole("link", { name: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb" }).click();
  await expect(page).toHaveURL(`${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nordlicht Energie nimmt Windpark Osterfeld in Betrieb");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", page.url());
  await expect(page.locator('meta[property="article:modified_time"]')).toHaveCount(1);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "NewsArticle",
    headline: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb",
    inLanguage: "de",
  });

  // The byline of the article (the newsroom box below it links there too).
  await page.getByRole("article").getByRole("link", { name: "Nordlicht Energie GmbH" }).click();
  await expect(page).toHaveURL(`${business}/de/newsroom/nordlicht-energie`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nordlicht Energie GmbH");
  const feedHref = await page.getByRole("link", { name: "RSS-Feed dieses Newsrooms" }).getAttribute("href");
  const feed = await getAs(E2E_HOSTS.business, feedHref!);
  expect(feed.status).toBe(200);
  expect(feed.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
  expect(feed.body).toContain("<title>Nordlicht Energie nimmt Windpark Osterfeld in Betrieb</title>");
});

test("a tombstoned release answers 410, an unknown one 404, the legacy view_url 301", async ({ page }) => {
  const gone = await page.goto(`${business}/de/pressemitteilung/hansebank-kuendigt-filialkonzept-fuer-den-laendlichen-raum-an`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nicht mehr verfügbar");
  const missing = await page.goto(`${business}/de/pressemitteilung/gibt-es-nicht`);
  expect(missing?.status()).toBe(404);

  // The first demo release: its legacy view_url redirects permanently to its page.
  const view = await getAs(E2E_HOSTS.business, "/view/1");
  expect(view.status).toBe(301);
  expect(view.headers["location"]).toMatch(/^http:\/\/business\.[^/]+\/(de\/pressemitteilung|en\/press-release)\//);
  expect((await getAs(E2E_HOSTS.business, "/view/999999")).status).toBe(404);
});

test("sitemaps and robots are served per portal with XML content types; the hub's feed redirects", async () => {
  const news = await getAs(E2E_HOSTS.business, "/sitemap-news.xml");
  expect(news.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(news.body).toContain("<news:name>Pressdesk Business</news:name>");
  const index = await getAs(E2E_HOSTS.business, "/sitemap.xml");
  expect([index.status, index.headers["content-type"]]).toEqual([200, "application/xml; charset=utf-8"]);
  expect(index.body).toContain("/sitemaps/pages.xml");
  expect((await getAs(E2E_HOSTS.business, "/robots.txt")).body).toContain(`Sitemap: http://${E2E_HOSTS.business}/sitemap-news.xml`);
  const hubFeed = await getAs(E2E_HOSTS.hub, "/en/feed");
  expect([hubFeed.status, hubFeed.headers["location"]]).toEqual([301, `http://${E2E_HOSTS.business}/en/feed`]);
});

test("a reader browses release → category → archive year in both editions", async ({ page }) => {
  await page.goto(`${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`);
  await page.getByRole("article").getByRole("link", { name: "Energie", exact: true }).click();
  await expect(page).toHaveURL(`${business}/de/category/energie`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Energie");
  const year = String(new Date().getFullYear());
  await page
    .getByRole("navigation", { name: "Archiv nach Jahr" })
    .getByRole("link", { name: new RegExp(`^${year}`) })
    .click();
  await expect(page).toHaveURL(`${business}/de/category/energie/archiv/${year}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Energie: Archiv ${year}`);
  await expect(page.getByRole("link", { name: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb" })).toBeVisible();

  await page.goto(`${business}/en/category/energie/archive`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Energy: archive \d{4}$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/category\/energie\/archive\/\d{4}$/);
  const empty = await page.goto(`${business}/de/category/energie/archiv/1999`);
  expect(empty?.status()).toBe(404);
});

test("a reader shares a release: the share is logged and the link copied", async ({ page }) => {
  await page.goto(`${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`);
  const logged = page.waitForResponse((r) => r.url().endsWith("/share") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Link kopieren" }).click();
  const response = await logged;
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ shared: true, channel: "copy_link" });
  await expect(page.getByRole("status")).toHaveText("Link kopiert");
});

test("legal pages live on the hub; the portals' addresses for them move there", async ({ page }) => {
  await page.goto(`${business}/de`);
  await page.getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(`http://${E2E_HOSTS.hub}/impressum`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
  const moved = await getAs(E2E_HOSTS.tech, "/en/privacy");
  expect([moved.status, moved.headers["location"]]).toEqual([301, `http://${E2E_HOSTS.hub}/privacy`]);
});

test("a reader finds a newsroom in the directory by letter and by name, and sees its profile", async ({ page }) => {
  await page.goto(`${business}/de`);
  await page.getByRole("navigation", { name: "Rubriken" }).getByRole("link", { name: "Newsrooms" }).click();
  await expect(page).toHaveURL(`${business}/de/newsroom`);
  await expect(page).toHaveTitle("Newsrooms – Pressdesk Business");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${business}/de/newsroom`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${business}/en/newsroom`);
  const list = page.locator(".newsroom-directory");
  // The demo content has more newsrooms; these two are listed in order among them.
  await expect(list.getByRole("heading", { level: 2 })).toContainText(["Hansebank AG", "Nordlicht Energie GmbH"]);

  await page.getByRole("navigation", { name: "Newsrooms nach Anfangsbuchstabe" }).getByRole("link", { name: "N", exact: true }).click();
  await expect(page).toHaveURL(`${business}/de/newsroom?letter=n`);
  await expect(list.getByRole("heading", { level: 2 })).toContainText(["Nordlicht Energie GmbH"]);
  await expect(list.getByRole("heading", { name: "Hansebank AG" })).toHaveCount(0);
  await expect(list).toContainText("Regionaler Versorger");

  await page.getByRole("searchbox", { name: "Newsrooms nach Namen durchsuchen" }).fill("hanse");
  await page.getByRole("search", { name: "Newsrooms nach Namen durchsuchen" }).getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(`${business}/de/newsroom?q=hanse`);
  await expect(list.getByRole("heading", { level: 2 })).toHaveText(["Hansebank AG"]);
  await list.getByRole("link", { name: "Hansebank AG" }).click();
  await expect(page).toHaveURL(`${business}/de/newsroom/hansebank`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hansebank AG");
  await expect(page.locator("address")).toContainText("Hamburg");
  await expect(page.getByRole("link", { name: "presse@hansebank.example" }).first()).toHaveAttribute(
    "href",
    "mailto:presse@hansebank.example",
  );
  await expect(page.getByRole("link", { name: "hansebank.example", exact: true })).toHaveAttribute("rel", "nofollow noopener");

  // The English edition lists in English; a search without matches is an empty page, not an error.
  await page.goto(`${business}/en/newsroom`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsrooms");
  await expect(page.getByRole("link", { name: "Nordlicht Energie GmbH" })).toBeVisible();
  const none = await page.goto(`${business}/en/newsroom?q=%00${"x".repeat(500)}`);
  expect(none?.status()).toBe(200);
  await expect(page.getByText("No newsrooms found.")).toBeVisible();
  expect((await page.goto(`${business}/en/newsroom?page=9`))?.status()).toBe(404);

  // The release page carries the newsroom box.
  await page.goto(`${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`);
  const box = page.getByRole("complementary", { name: "Über den Newsroom" });
  await expect(box.getByRole("link", { name: "Nordlicht Energie GmbH" })).toHaveAttribute("href", "/de/newsroom/nordlicht-energie");
  await expect(box.getByRole("link", { name: "nordlicht-energie.example" })).toHaveAttribute("href", "https://nordlicht-energie.example");
});

test("a reader without JavaScript goes from the front page via a category to a release, searches its text and opens more from its newsroom", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await page.goto(`${business}/de`);
  await expect(page.locator("script[src]")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Rubriken" }).getByRole("link", { name: "Energie" }).click();
  await expect(page).toHaveURL(`${business}/de/category/energie`);
  await expect(page.getByRole("navigation", { name: "Sie sind hier" })).toContainText("Energie");
  await page.getByRole("link", { name: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nordlicht Energie nimmt Windpark Osterfeld in Betrieb");
  await expect(page.getByRole("navigation", { name: "Sie sind hier" }).getByRole("link", { name: "Energie" })).toBeVisible();

  // A word of its text, typed into the header's search.
  await page.getByRole("searchbox", { name: "Pressemitteilungen durchsuchen" }).fill("Bürgerbeteiligungsmodell");
  await page.getByRole("search", { name: "Pressemitteilungen durchsuchen" }).getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(`${business}/de/suche?q=B%C3%BCrgerbeteiligungsmodell`);
  const result = page.locator(".search-results article").first();
  await expect(result.getByRole("link")).toHaveText("Nordlicht Energie nimmt Windpark Osterfeld in Betrieb");
  await expect(result.locator("mark").first()).toHaveText(/Bürgerbeteiligungsmodell/i);
  await result.getByRole("link").click();

  const more = page.getByRole("region", { name: "Mehr von Nordlicht Energie GmbH" });
  await more.getByRole("heading", { level: 3 }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Nordlicht Energie nimmt Windpark Osterfeld in Betrieb");
  await expect(page.locator("article.release")).toContainText("Nordlicht Energie GmbH");

  // The share buttons are forms: without a script they still log the share and send the reader on.
  await page.goto(`${business}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`);
  await expect(page.getByRole("button", { name: "LinkedIn" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Link kopieren" })).toBeHidden();
  await context.close();
});

test("every reader page works without JavaScript and loads at most the 5 KB share script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  const year = new Date().getFullYear();
  for (const path of [
    "/de",
    "/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb",
    "/de/category/energie",
    `/de/category/energie/archiv/${year}`,
    "/de/newsroom",
    "/de/newsroom/nordlicht-energie",
    "/de/corrections",
    "/de/rss",
    "/de/suche?q=Windpark&sort=date",
    "/en",
    "/en/search",
  ]) {
    const scripts: number[] = [];
    page.on("response", async (r) => {
      if (r.request().resourceType() === "script") scripts.push((await r.body()).length);
    });
    const res = await page.goto(`${business}${path}`);
    expect([path, res?.status()]).toEqual([path, 200]);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect([path, scripts.reduce((a, b) => a + b, 0)]).toEqual([path, 0]);
    page.removeAllListeners("response");
  }
  await context.close();
});

test("a visitor picks a plan on the hub's front page and finds the choice on the registration page", async ({ page }) => {
  await page.goto(`http://${E2E_HOSTS.hub}/`);
  const card = page.locator("article.landing-plan-card", { has: page.getByRole("heading", { name: "Business" }) });
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/register\?plan=business$/);
  await expect(page.getByRole("heading", { level: 1, name: "Konto anlegen" })).toBeVisible();
  await expect(page.getByText("Gewählt: Paket Business")).toBeVisible();
  // A plan the price list does not know is ignored, not echoed.
  await page.goto(`http://${E2E_HOSTS.hub}/register?plan=%3Cb%3Efree%3C%2Fb%3E`);
  await expect(page.getByText("Gewählt:")).toHaveCount(0);
});
