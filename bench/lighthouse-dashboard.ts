// Lighthouse accessibility (and best practices) on the public hub screens (signed out), then on
// the signed-in customer screens: the start page, the release list, the 404, the release
// editor (new, and a draft with an uploaded image), the owner's image confirmation page, the
// newsroom profile, its team page and its reach report, billing, a published release with its
// boost and reach panels, security, billing; then, signed in as the demo super-admin, the admin screens (start page, review,
// images, releases, categories, legal requests, contact, companies, users, payments and the five
// reports, the stuck releases, system status, the 404). Served from the
// production build as `npm start` serves them (embedded default, demo content), except that the
// admin area's passkey confirmation is switched off for this server (AUTH_REQUIRE_STRONG_ADMIN).
// Last, staff act as the owner (support access) and the dashboard is audited with its banner.
// Every audited screen also gets an axe-core scan in the page itself (violations by impact).
// Chromium is started by Playwright (persistent profile) with a debugging port; it signs in once
// and Lighthouse then audits in the same browser, keeping its session cookie (disableStorageReset).
// Usage: npx next build && npx tsx bench/lighthouse-dashboard.ts
// LH_ONLY=<regular expression> audits only the screens whose label matches (the journey still runs).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { declareAi, typeReleaseText } from "../e2e/release-editor-support";

const PORT = Number(process.env.BENCH_PORT ?? 3510);
const DEBUG_PORT = PORT + 6000;
const host = (site: string) => `${site}.localhost:${PORT}`;
const HUB = `http://${host("hub")}`;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not up at ${url}`);
}

const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

/** axe-core's WCAG 2.x A/AA rules on the page as rendered (the context bypasses the CSP for this script only). */
async function axeViolations(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
  });
}

let axePage: Page | null = null;

const ONLY = process.env.LH_ONLY ? new RegExp(process.env.LH_ONLY, "i") : null;

async function audit(pages: [string, string][]) {
  for (const [label, url] of pages.filter(([l]) => !ONLY || ONLY.test(l))) {
    const violations = axePage ? await axeViolations(axePage, url) : [];
    console.log(`${label.padEnd(26)} axe-core ${violations.length ? violations.join(", ") : "no violations"}`);
    const result = await lighthouse(url, {
      port: DEBUG_PORT,
      output: "json",
      logLevel: "error",
      disableStorageReset: true,
      formFactor: "desktop",
      screenEmulation: { disabled: true },
      onlyCategories: ["accessibility", "best-practices"],
    });
    const c = result!.lhr.categories;
    // Lighthouse scores nothing on an error answer (a 404 page): it reports why instead of 0.
    if (result!.lhr.runtimeError) {
      console.log(`${label.padEnd(26)} not scored by Lighthouse: ${result!.lhr.runtimeError.code} (axe above)`);
      continue;
    }
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    const landed = result!.lhr.finalDisplayedUrl;
    console.log(
      `${label.padEnd(26)} accessibility ${score("accessibility")}  best-practices ${score("best-practices")}${landed !== url ? `  (landed on ${landed})` : ""}`,
    );
    for (const k of ["accessibility", "best-practices"]) {
      for (const ref of c[k]?.auditRefs ?? []) {
        const a = result!.lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) console.log(`    ${k}: ${a.id} – ${a.title}`);
      }
    }
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "pd-lh-dash-"));
  const server = spawn("node_modules/.bin/tsx", ["scripts/serve.ts", "start"], {
    env: {
      ...process.env,
      AUTH_REQUIRE_STRONG_ADMIN: "false",
      PORT: String(PORT),
      EMBEDDED_DATA_DIR: dataDir,
      EMBEDDED_DB_PORT: String(PORT + 51000),
      SITE_HUB_HOST: host("hub"),
      SITE_BUSINESS_HOST: host("business"),
      SITE_TECH_HOST: host("tech"),
    },
    stdio: "ignore",
    detached: true,
  });
  const profileDir = mkdtempSync(join(tmpdir(), "pd-lh-profile-"));
  const browser = await (async () => {
    await waitFor(`http://127.0.0.1:${PORT}/`, 180_000);
    // A persistent context is the browser's default one, which Lighthouse's new tab shares.
    return chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUG_PORT}`, "--host-resolver-rules=MAP *.localhost 127.0.0.1"],
      bypassCSP: true,
    });
  })();
  try {
    const page = await browser.newPage();
    axePage = await browser.newPage();
    // The public hub screens, signed out: sign-in, registration, intake and contact forms, the
    // newsletter, an unsubscribe and an invitation link that do not hold, the local mailbox.
    console.log(`machine: ${cpus().length} cores; lighthouse 12, Debian Chromium, desktop form factor, signed out`);
    await audit([
      ["sign-in", `${HUB}/login`],
      ["registration", `${HUB}/register`],
      ["password reset", `${HUB}/login/reset`],
      ["legal request intake", `${HUB}/rechtliche-anliegen`],
      ["contact", `${HUB}/kontakt`],
      ["newsletter sign-up", `${HUB}/newsletter`],
      ["unsubscribe, bad link", `${HUB}/unsubscribe?token=x`],
      ["invitation, bad link", `${HUB}/invitation/not-a-token`],
      ["local mailbox", `${HUB}/dev/mailbox`],
      ["receipt verification", `${HUB}/nachweis-pruefen`],
    ]);
    await page.goto(`${HUB}/login`);
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("owner@nordlicht-energie.example");
    await page.getByLabel("Passwort", { exact: true }).fill("pressdesk-demo-2026");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(`${HUB}/dashboard`);
    const published = await page
      .locator("tr", { hasText: "Veröffentlicht" })
      .first()
      .locator("a")
      .first()
      .getAttribute("href")
      .then((h) => /\/(\d+)$/.exec(h ?? "")?.[1])
      .catch(() => null);
    // A draft of its own with an image, so the editor's "Bilder" section is audited with its list.
    await page.goto(`${HUB}/dashboard/releases/new`);
    // The form takes input once it is hydrated (its buttons are enabled then).
    await page.locator("button[name=intent][value=save]:not([disabled])").waitFor();
    await page.getByLabel("Kategorie").selectOption({ label: "Energie" });
    await page.getByLabel("Überschrift").fill("Nordlicht Energie testet Speicher im Windpark");
    await typeReleaseText(page, [
      "Nordlicht Energie testet im Windpark Osterfeld einen Batteriespeicher mit zwölf Megawattstunden.",
      "Der Speicher nimmt Strom auf, wenn das Netz ihn nicht abnehmen kann, und gibt ihn am Abend wieder ab.",
    ]);
    await declareAi(page);
    await page.getByLabel("Ortsmarke").fill("Husum");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await page.waitForURL(/\/dashboard\/releases\/\d+$/, { timeout: 10_000 }).catch(async (err) => {
      await page.screenshot({ path: join(tmpdir(), "pd-lh-dash-save.png"), fullPage: true });
      throw err;
    });
    const draft = page.url();
    const form = page.getByRole("form", { name: "Bild hochladen" });
    await form.locator("button[type=submit]:not([disabled])").waitFor();
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3a7ca5" } })
      .jpeg()
      .toBuffer();
    await form.getByLabel("Bilddatei").setInputFiles({ name: "bild.jpg", mimeType: "image/jpeg", buffer: photo });
    await form.getByLabel("Urheber / Bildnachweis").fill("Foto: Nordlicht Energie");
    await form.getByLabel(/Bildbeschreibung/).fill("Windpark bei Abendlicht");
    await form.getByLabel("KI beim Bild").selectOption("without_ai");
    await form.getByRole("checkbox").last().check();
    await form.getByRole("button", { name: "Bild hochladen" }).click();
    await page.locator("li[data-image-id]").first().waitFor();
    const newsroom = await page
      .goto(`${HUB}/dashboard/newsrooms`)
      .then(() => page.getByRole("link", { name: "Profil" }).first().getAttribute("href"));
    const pages: [string, string][] = [
      ["customer start page", `${HUB}/dashboard`],
      ["release list", `${HUB}/dashboard/releases`],
      ["release list, published", `${HUB}/dashboard/releases?status=published`],
      ["customer 404", `${HUB}/dashboard/releases/999999999`],
      ["release editor (new)", `${HUB}/dashboard/releases/new`],
      ["release editor + images", draft],
      ["image confirmation", `${HUB}/dashboard/images/confirm`],
      ["newsroom profile", `${HUB}${newsroom}`],
      ["newsroom team", `${HUB}${newsroom}/team`],
      ["newsroom reach report", `${HUB}${newsroom}/reichweite`],
      ["create newsroom", `${HUB}/dashboard/newsrooms/new`],
      ["security", `${HUB}/dashboard/security`],
      ["billing", `${HUB}/dashboard/billing`],
      ["billing settings", `${HUB}/dashboard/billing/settings`],
      ["cancel contracts", `${HUB}/dashboard/billing/cancel`],
      ...(published
        ? ([
            ["release + boost + reach", `${HUB}/dashboard/releases/${published}`],
            ["paid change", `${HUB}/dashboard/releases/${published}/change`],
          ] as [string, string][])
        : []),
    ];
    console.log(`machine: ${cpus().length} cores; lighthouse 12, Debian Chromium, desktop form factor, signed in as a newsroom owner`);
    await audit(pages);

    // The admin screens, as the demo super-admin (the strong-admin confirmation is switched off for this server only).
    await page.getByRole("button", { name: "Abmelden", exact: true }).click();
    await page.waitForURL(`${HUB}/login`);
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("superadmin@pressdesk.localhost");
    await page.getByLabel("Passwort", { exact: true }).fill("pressdesk-demo-2026");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const releaseId = /\/(\d+)$/.exec(draft)![1];
    console.log("signed in as staff (the demo super-admin, every screen)");
    // A detail screen: the first link of its list that leads one level deeper.
    const firstDetail = async (list: string): Promise<[string, string][]> => {
      await page.goto(`${HUB}${list}`);
      const href = await page
        .locator(`main a[href^="${list}/"]`)
        .first()
        .getAttribute("href", { timeout: 5_000 })
        .catch(() => null);
      return href && /\/\d+$/.test(href) ? [[`${list.slice(7)} detail`, `${HUB}${href}`]] : [];
    };
    await audit([
      ["admin start page", `${HUB}/admin`],
      ["review queue", `${HUB}/admin/review`],
      ["held images", `${HUB}/admin/images`],
      ["releases", `${HUB}/admin/releases`],
      ["release detail", `${HUB}/admin/releases/${releaseId}`],
      ["release images + evidence", `${HUB}/admin/releases/${releaseId}/images`],
      ["categories", `${HUB}/admin/categories`],
      ...(await firstDetail("/admin/categories")),
      ["legal requests", `${HUB}/admin/legal`],
      ...(await firstDetail("/admin/legal")),
      ["contact messages", `${HUB}/admin/contact`],
      ["companies", `${HUB}/admin/companies`],
      ...(await firstDetail("/admin/companies")),
      ["users", `${HUB}/admin/users`],
      ...(await firstDetail("/admin/users")),
      ["payments", `${HUB}/admin/payments`],
      ["credit grants", `${HUB}/admin/payments/credits`],
      ["similar addresses", `${HUB}/admin/companies/similar`],
      ["activity report", `${HUB}/admin/reports/activity`],
      ["indexing report", `${HUB}/admin/reports/indexing`],
      ["submitter report", `${HUB}/admin/reports/submitters`],
      ["funnel report", `${HUB}/admin/reports/funnel`],
      ["reach report", `${HUB}/admin/reports/reach`],
      ["stuck releases", `${HUB}/admin/releases?status=overdue`],
      ["system status", `${HUB}/admin/system`],
      ["admin 404", `${HUB}/admin/releases/999999999`],
    ]);

    // Support access: act as the newsroom owner with a reason; the dashboard then carries the banner.
    const [owner] = await firstDetailOf(page, "/admin/users?q=owner%40nordlicht-energie.example");
    await page.goto(owner!);
    await page.getByText("Als diese Person handeln").first().click();
    await page.getByLabel("Grund (z. B. Anfrage oder Ticketnummer)").fill("Messung: Support-Zugang");
    await page.getByRole("button", { name: /^Als diese Person handeln/ }).click();
    // The confirmation dialog: its last button confirms.
    await page.getByRole("dialog").getByRole("button").last().click();
    await page.waitForURL(`${HUB}/dashboard`);
    console.log("acting as the newsroom owner (support access)");
    await audit([["dashboard, support banner", `${HUB}/dashboard`]]);
  } finally {
    await browser.close();
    process.kill(-server.pid!, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The first user detail link a filtered user list shows. */
async function firstDetailOf(page: Page, list: string): Promise<string[]> {
  await page.goto(`${HUB}${list}`);
  const href = await page.locator('main a[href^="/admin/users/"]').first().getAttribute("href");
  return href ? [`${HUB}${href}`] : [];
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
