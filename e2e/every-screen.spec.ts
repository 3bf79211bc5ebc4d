import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import { HUB, test } from "./auth-support";
import { plainGermanChecker, readableTextOfPage } from "./plain-german";
import { visitScreens } from "./screens/visit-screens";

// Every admin and dashboard screen of docs/screens.md, as a confirmed super-admin and a newsroom
// owner see them on the demo content: no status code, command, environment variable or machine
// word where a person reads German, and no axe violation (WCAG 2.2 A and AA).

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test("every screen speaks plain German and passes axe", async ({ browser }) => {
  test.setTimeout(10 * 60_000);
  const check = plainGermanChecker();
  const problems: string[] = [];
  const visited = await visitScreens(browser, async (page, screen, path) => {
    const response = await page.goto(`${HUB}${path}`);
    expect(response?.status(), path).toBeLessThan(500);
    for (const f of check(await page.evaluate(readableTextOfPage))) problems.push(`${path}: ${f.kind} „${f.found}“`);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations) problems.push(`${path}: axe ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(visited.length).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});
