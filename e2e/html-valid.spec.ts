import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";
import { htmlProblems } from "./html-validator";

// The public pages as served, through the shared validator (e2e/html-validator.ts).
const PAGES: [string, string][] = [
  [E2E_HOSTS.business, "/de"],
  [E2E_HOSTS.business, "/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb"],
  [E2E_HOSTS.business, "/de/category/energie"],
  [E2E_HOSTS.business, `/de/category/energie/archiv/${new Date().getFullYear()}`],
  [E2E_HOSTS.business, "/de/newsroom/nordlicht-energie"],
  [E2E_HOSTS.tech, "/en/rss"],
  [E2E_HOSTS.business, "/de/pressemitteilung/hansebank-kuendigt-filialkonzept-fuer-den-laendlichen-raum-an"],
  [E2E_HOSTS.hub, "/"],
  [E2E_HOSTS.hub, "/impressum"],
];

for (const [host, path] of PAGES) {
  test(`valid HTML: ${host.split(".")[0]} ${path}`, async () => {
    const res = await getAs(host, path);
    expect([200, 410]).toContain(res.status);
    expect(await htmlProblems(res.body)).toEqual([]);
  });
}
