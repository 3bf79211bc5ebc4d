import { expect, type Page } from "@playwright/test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { HUB, test } from "../auth-support";
import { SCREENS, type Screen } from "./screens";
import { visitScreens } from "./visit-screens";

// Screenshots of every admin and dashboard screen at 1366 px and 390 px, as a confirmed
// super-admin and as a newsroom owner see them on the demo content: `npm run screens` (set
// SCREENS_SET=before|after). Not part of the test suite: it asserts nothing but that each screen
// answered, and writes docs/screenshots/screens/{set}/ and the index docs/screens.md.

const SET = process.env.SCREENS_SET ?? "after";
const OUT = join("docs/screenshots/screens", SET);
const WIDTHS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;
/** Long pages are cut here: the first screens of a page are what the picture is for. */
const MAX_HEIGHT = { desktop: 2400, mobile: 3200 } as const;

async function capture(page: Page, screen: Screen, path: string) {
  for (const [kind, size] of Object.entries(WIDTHS) as [keyof typeof WIDTHS, (typeof WIDTHS)[keyof typeof WIDTHS]][]) {
    await page.setViewportSize(size);
    const response = await page.goto(`${HUB}${path}`);
    expect(response?.status(), path).toBeLessThan(500);
    await page.waitForLoadState("networkidle");
    const png = await page.screenshot({ fullPage: true, animations: "disabled" });
    const image = sharp(png);
    const { width = size.width, height = size.height } = await image.metadata();
    await image
      .extract({ left: 0, top: 0, width, height: Math.min(height, MAX_HEIGHT[kind]) })
      .webp({ quality: 50 })
      .toFile(join(OUT, `${screen.area}-${screen.name}-${kind}.webp`));
  }
}

test.describe.configure({ mode: "serial" });
test.setTimeout(15 * 60_000);

test("every admin and dashboard screen, desktop and mobile", async ({ browser }) => {
  mkdirSync(OUT, { recursive: true });
  const taken = await visitScreens(browser, (page, screen, path) => capture(page, screen, path));
  writeFileSync(
    join(OUT, "screens.json"),
    JSON.stringify(
      taken.map((s) => `${s.area}-${s.name}`),
      null,
      2,
    ) + "\n",
  );
  writeFileSync("docs/screens.md", screensIndex());
});

/** docs/screens.md: every screen with the task it serves and its pictures, before and after, where taken. */
function screensIndex(): string {
  const picture = (set: string, screen: Screen, kind: string) => {
    const file = `screenshots/screens/${set}/${screen.area}-${screen.name}-${kind}.webp`;
    return existsSync(join("docs", file)) ? `[${kind === "desktop" ? "1366" : "390"}](${file})` : "–";
  };
  const row = (s: Screen) =>
    `| \`${s.path}\` | ${s.task} | ${picture("before", s, "desktop")} ${picture("before", s, "mobile")} | ${picture("after", s, "desktop")} ${picture("after", s, "mobile")} |`;
  const table = (area: Screen["area"]) =>
    ["| Screen | Task | Before | After |", "|---|---|---|---|", ...SCREENS.filter((s) => s.area === area).map(row)].join("\n");
  return `# Screens

Every admin and dashboard screen, desktop (1366 px) and mobile (390 px), as a confirmed
super-admin and as a newsroom owner see them on the demo content. Taken with \`npm run screens\`
(after \`npx next build\`; \`SCREENS_SET=before\` or \`after\`), which starts the browser tests'
server and writes the pictures below and this page (\`e2e/screens/\`). Long pages are cut after
their first screens. "–": the screen did not exist then, or the demo content had nothing to show
on it.

## Admin area

${table("admin")}

## Customer dashboard

${table("dashboard")}
`;
}
