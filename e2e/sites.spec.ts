import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";

test("the hub renders, links to both portals and has an English version", async ({ page }) => {
  await page.goto(`http://${E2E_HOSTS.hub}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pressemitteilungen veröffentlichen – geprüft, verbreitet, belegt");
  await expect(page.getByRole("heading", { name: "Pressdesk Business", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pressdesk Business – English edition" })).toHaveAttribute(
    "href",
    `http://${E2E_HOSTS.business}/en`,
  );
  await page.getByRole("navigation", { name: "Sprache" }).getByRole("link", { name: "EN" }).click();
  await expect(page).toHaveURL(`http://${E2E_HOSTS.hub}/en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a portal root sends a German reader to the German edition listing seeded releases", async ({ page }) => {
  await page.goto(`http://${E2E_HOSTS.business}/`);
  await expect(page).toHaveURL(`http://${E2E_HOSTS.business}/de`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pressdesk Business: Aktuelle Pressemitteilungen");
  await expect(page.getByRole("link", { name: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb" })).toBeVisible();
});

test("an English reader lands on the English edition of the other portal", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`http://${E2E_HOSTS.tech}/`);
  await expect(page).toHaveURL(`http://${E2E_HOSTS.tech}/en`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Quellcode Labs releases Harbor 3.0 for zero-trust cloud deployments" })).toBeVisible();
  // The embargoed release is not listed before its time.
  await expect(page.getByText("MediSense receives CE mark")).toHaveCount(0);
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "DE" }).click();
  await expect(page).toHaveURL(`http://${E2E_HOSTS.tech}/de`);
  await context.close();
});

test("health needs its bearer token", async ({ request }) => {
  const base = `http://127.0.0.1:${E2E_HOSTS.hub.split(":")[1]}`;
  expect((await request.get(`${base}/health`)).status()).toBe(401);
  const res = await request.get(`${base}/health`, { headers: { authorization: "Bearer dev-health-token" } });
  expect(res.status()).toBe(200);
  expect((await res.json()).status).toBe("ok");
});
