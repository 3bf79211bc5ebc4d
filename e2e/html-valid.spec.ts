import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";

// The public pages as served, checked by a standard HTML validator for validity and
// accessibility. Switched off are style preferences, not validity: attribute case (HTML is
// case-insensitive and React writes hrefLang, dateTime), `hidden=""`, inline styles Next emits,
// React's `_R_` ids (any non-space id is valid HTML5), titles over 70 characters (a headline's
// length is the newsroom's).
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "no-inline-style": "off",
    "require-sri": "off",
    "no-trailing-whitespace": "off",
    "attribute-boolean-style": "off",
    "void-style": "off",
    "no-redundant-role": "off",
    "attr-case": "off",
    "attribute-empty-style": "off",
    "valid-id": ["error", { relaxed: true }],
    "long-title": "off",
  },
});

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
    const report = await validator.validateString(res.body);
    const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
    expect(messages).toEqual([]);
  });
}
