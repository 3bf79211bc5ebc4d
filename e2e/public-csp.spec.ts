import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { getAs } from "./host-request";

// Public answers are stored bytes (lib/adapters/public/stored-answers): the same for every reader, so a
// shared cache may keep them, with a policy of script hashes instead of a per-request nonce.
// Private pages keep their nonce (docs/security.md "Two policies").

const RELEASE = "/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb";
const PUBLIC = [
  [E2E_HOSTS.business, RELEASE],
  [E2E_HOSTS.business, "/de"],
  [E2E_HOSTS.business, "/de/category/energie"],
  [E2E_HOSTS.business, "/de/newsroom/nordlicht-energie"],
  [E2E_HOSTS.tech, "/en/rss"],
  [E2E_HOSTS.business, "/de/feed"],
  [E2E_HOSTS.business, "/sitemap-news.xml"],
  [E2E_HOSTS.business, "/robots.txt"],
  [E2E_HOSTS.hub, "/impressum"],
] as const;

/** Headers that belong to one response, not to the answer. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-pd-store"]);
const answerHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !PER_RESPONSE.has(k)));

test("public pages, feeds and sitemaps are the same bytes and headers for every reader, with no nonce", async () => {
  for (const [host, path] of PUBLIC) {
    const first = await getAs(host, path);
    const second = await getAs(host, path, { headers: { "user-agent": "Mozilla/5.0 (another reader)", cookie: "a=b" } });
    expect(first.status, path).toBe(200);
    expect(second.headers["x-pd-store"], path).toBe("hit");
    expect(second.body, path).toBe(first.body);
    expect(answerHeaders(second.headers), path).toEqual(answerHeaders(first.headers));
    expect(String(first.headers["content-security-policy"] ?? ""), path).not.toContain("nonce-");
    expect(first.body, path).not.toMatch(/nonce=|\\"nonce\\":\\"[^\\]/);
    expect(JSON.stringify(first.headers), path).not.toMatch(/nonce=/);
    expect(String(first.headers["cache-control"]), path).toMatch(/public/);
    // A reader who has the bytes is told so without them.
    const again = await getAs(host, path, { headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.status, path).toBe(304);
  }
});

test("the public pages' policy blocks an injected inline script and runs every script of ours", async ({ page }) => {
  const url = `http://${E2E_HOSTS.business}${RELEASE}`;
  // What a stored page would hold if someone slipped a script into it: same bytes, same policy.
  // (Fetched by the test runner, which does not resolve *.localhost the way Chromium is told to.)
  await page.route(url, async (route) => {
    const stored = await getAs(E2E_HOSTS.business, RELEASE);
    const headers = Object.fromEntries(Object.entries(stored.headers).map(([k, v]) => [k, String(v)]));
    await route.fulfill({
      status: stored.status,
      headers,
      body: stored.body.replace("</body>", `<script>window.__injected = true</script></body>`),
    });
  });
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __violations: string[] }).__violations.push(e.effectiveDirective),
    );
  });
  const response = await page.goto(url);
  const csp = response!.headers()["content-security-policy"]!;
  // A reader page writes no inline script: nothing to allow by hash or nonce.
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("require-trusted-types-for 'script'");
  // The page's one script is the share helper from our origin, and it is small.
  const served = (await getAs(E2E_HOSTS.business, RELEASE)).body;
  const tags = [...served.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map(([, src]) => src);
  expect(tags).toEqual(["/assets/reader-1.js"]);
  expect((await getAs(E2E_HOSTS.business, tags[0]!)).body.length).toBeLessThan(5 * 1024);
  // "Copy link" is the script's: it works only where our script ran.
  await page.getByRole("button", { name: "Link kopieren" }).click();
  await expect(page.getByRole("status")).toHaveText("Link kopiert");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(["script-src-elem"]);
});

test("private pages keep a fresh nonce for every request, and no shared cache keeps them", async () => {
  const a = await getAs(E2E_HOSTS.hub, "/login");
  const b = await getAs(E2E_HOSTS.hub, "/login");
  const nonce = (r: typeof a) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1];
  expect(nonce(a)).toBeTruthy();
  expect(nonce(b)).toBeTruthy();
  expect(nonce(a)).not.toBe(nonce(b));
  expect(a.body).toContain(`nonce="${nonce(a)}"`);
  expect(String(a.headers["cache-control"])).not.toMatch(/public/);
  expect(a.headers["x-pd-store"]).toBeUndefined();
});
