import { expect, type Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { E2E_HOSTS } from "../playwright.config";
import { HUB } from "./auth-support";
import { getAs } from "./host-request";

// Pages as served, checked by a standard HTML validator for validity and accessibility.
// Switched off are style preferences, not validity: attribute case (HTML is case-insensitive
// and React writes hrefLang, dateTime), `hidden=""`, inline styles Next emits, React's `_R_`
// ids (any non-space id is valid HTML5), titles over 70 characters (a headline's length is the
// newsroom's).
export const validator = new HtmlValidate({
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

/**
 * React renders a form whose action is a server action (sign-out, the admin forms) with
 * `action=""` and the action's id in a hidden field, so it also posts without script; only
 * signed-in pages carry such forms.
 */
const isServerActionForm = (m: { ruleId: string; message: string }) =>
  m.ruleId === "attribute-allowed-values" && m.message === 'Attribute "action" has invalid value ""';

/** The validator's findings on one page, as readable lines (empty when the page is valid). */
export async function htmlProblems(html: string, opts: { signedIn?: boolean } = {}): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) =>
    r.messages.filter((m) => !(opts.signedIn && isServerActionForm(m))).map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`),
  );
}

/** A signed-in hub page, fetched with the browser's cookies, through the validator. */
export async function expectValidHubPage(page: Page, path: string) {
  const cookie = (await page.context().cookies(HUB)).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await getAs(E2E_HOSTS.hub, path, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  expect((await htmlProblems(res.body, { signedIn: true })).map((p) => `${path}: ${p}`)).toEqual([]);
}
