import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";

test("the hub renders and links to both portals", async ({ page }) => {
  await page.goto(`http://${E2E_HOSTS.hub}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pressemitteilungen veröffentlichen");
  await expect(page.getByRole("heading", { name: "Pressdesk Business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "English edition" }).first()).toHaveAttribute("href", `http://${E2E_HOSTS.business}/en`);
});

test("a portal root sends a German reader to the German edition listing seeded releases", async ({ page }) => {
  await page.goto(`http://${E2E_HOSTS.business}/`);
  await expect(page).toHaveURL(`http://${E2E_HOSTS.business}/de`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aktuelle Pressemitteilungen");
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
  await page.getByRole("link", { name: "Deutsch" }).click();
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
