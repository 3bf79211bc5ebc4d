import sharp from "sharp";
import { expect, type Page } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { photoJpeg, screenshotPng } from "../tests/image-fixtures";
import { firstHubLink, HUB, mailTo, query, registerCustomer, runId, signIn, signInAsConfirmedAdmin, test } from "./auth-support";
import { getAs } from "./host-request";
import { createNewsroom, grantPlan } from "./newsroom-support";
import { declareAi, typeReleaseText } from "./release-editor-support";

// Issue 16's journey (the e2e server runs with IMAGE_PRECHECK on, stage 2): a customer uploads
// images with the rights confirmation in the editor, sees the precheck's warning for a
// screenshot, and after publication the photo appears on the page, in the feed and as og:image;
// an image an admin adds stays hidden until the owner confirms by the login link from the mailbox.

const TECH = `http://${E2E_HOSTS.tech}`;
const statusBadge = (page: Page) => page.locator("p", { hasText: "Status:" }).locator(".badge");

async function uploadImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, details: { credit: string; alt: string }) {
  const form = page.getByRole("form", { name: "Bild hochladen" });
  await form.getByLabel("Bilddatei").setInputFiles(file);
  await form.getByLabel("Urheber / Bildnachweis").fill(details.credit);
  await form.getByLabel(/Bildbeschreibung/).fill(details.alt);
  await form.getByLabel("KI beim Bild").selectOption("without_ai");
  await form.getByRole("checkbox", { name: /Ich bestätige|Ich versichere/ }).check();
  await form.getByRole("button", { name: "Bild hochladen" }).click();
}

/** The public page, once the cache shows the release's current images (about a second after a change). */
async function expectPictures(page: Page, path: string, alts: string[]) {
  await expect(async () => {
    await page.goto(`${TECH}${path}`);
    const shown = await page.locator("article.release figure img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
    expect(shown.sort()).toEqual([...alts].sort());
  }).toPass({ timeout: 15_000 });
}

test("images: upload with confirmation and warnings, shown on the page, in the feed and as og:image; an admin's image waits for the owner", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = runId();
  const customer = await registerCustomer(page, "images");
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  const companyId = await createNewsroom(page, `Bildwerk ${run}`);
  await grantPlan(customer.email, companyId);

  const title = `Hafenlicht beleuchtet das Containerterminal Altenwerder (${run})`;
  await page.goto(`${HUB}/dashboard/releases/new`);
  await page.getByLabel("Kategorie").selectOption({ label: "Software" });
  await page.getByLabel("Überschrift").fill(title);
  await typeReleaseText(page, [
    "Hafenlicht hat am Containerterminal Altenwerder eine neue Beleuchtung mit 420 Leuchten in Betrieb genommen.",
    "Die Anlage senkt den Stromverbrauch des Terminals um 60 Prozent und richtet das Licht nur auf die Fahrwege der Containerbrücken.",
    "Eine Software steuert die Helligkeit nach Verkehr und Wetter; Anwohnerinnen und Anwohner sehen nachts deutlich weniger Streulicht.",
    "Der Umbau dauerte acht Monate und lief bei vollem Betrieb des Terminals, ohne dass ein Schiff warten musste.",
  ]);
  await declareAi(page);
  await page.getByLabel("Ortsmarke").fill("Hamburg");
  await page.getByLabel("Pressekontakt: Name").fill("Jana Petersen");
  await page.getByLabel("Pressekontakt: E-Mail").fill("presse@hafenlicht.example.com");
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/releases\/\d+$/);
  const releaseId = Number(page.url().split("/").at(-1));

  // A screenshot: stored, held for review, and the customer is told so.
  await uploadImage(
    page,
    { name: "bildschirm.png", mimeType: "image/png", buffer: await screenshotPng() },
    { credit: "Hafenlicht GmbH", alt: "Leitstand der Lichtsteuerung" },
  );
  await expect(page.getByText(/Bild wird geprüft/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("li[data-image-id]")).toHaveCount(1);
  // A photo: passes the precheck.
  const photoAlt = "Das beleuchtete Containerterminal bei Nacht";
  await uploadImage(
    page,
    { name: "terminal.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ width: 1600, height: 1000 }) },
    { credit: "Foto: Jana Petersen", alt: photoAlt },
  );
  await expect(page.locator("li[data-image-id]")).toHaveCount(2, { timeout: 20_000 });
  // The photo is the cover: the screenshot came first, so choose it.
  const photoItem = page.locator("li[data-image-id]", { hasText: "Foto: Jana Petersen" });
  await photoItem.getByRole("button", { name: "Als Titelbild verwenden" }).click();
  await expect(photoItem).toContainText("Titelbild");

  await page.getByRole("button", { name: "Speichern und zur Prüfung einreichen" }).click();
  await expect(statusBadge(page)).toHaveText("Veröffentlicht", { timeout: 30_000 });

  const slug = (await query<{ slug: string }>("SELECT slug FROM press_releases WHERE id = $1", [releaseId]))[0]!.slug;
  const path = `/de/pressemitteilung/${slug}`;
  // Only the photo: the held screenshot is not deliverable.
  await expectPictures(page, path, [photoAlt]);
  const hero = page.locator("article.release figure img").first();
  await expect.poll(() => hero.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator("article figcaption").first()).toContainText("© Foto: Jana Petersen");

  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(new RegExp(`^${TECH}/media/img/[0-9a-f]{16}/[0-9a-f]{16}-[0-9a-f]{12}-og\\.jpg$`));
  const ogPath = new URL(og!).pathname;
  const ogImage = await page.evaluate(async (p) => {
    const res = await fetch(p);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      cache: res.headers.get("cache-control"),
      bytes: [...new Uint8Array(await res.arrayBuffer())],
    };
  }, ogPath);
  expect(ogImage).toMatchObject({ status: 200, type: "image/jpeg" });
  expect(ogImage.cache).toContain("immutable");
  const meta = await sharp(Buffer.from(ogImage.bytes)).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);

  const feed = await getAs(E2E_HOSTS.tech, "/de/feed");
  expect(feed.status).toBe(200);
  const item = feed.body.split("<item>").find((i) => i.includes(slug))!;
  expect(item).toMatch(/<media:content url="http:\/\/[^"]+\/media\/img\/[0-9a-f]{16}\/[^"]+\.jpg"[^>]*medium="image"/);
  expect(item).toContain("<media:credit>© Foto: Jana Petersen</media:credit>");

  // An admin adds an image to the published release: hidden until the owner confirms.
  const admin = await signInAsConfirmedAdmin(browser);
  await admin.goto(`${HUB}/admin/releases/${releaseId}/images`);
  const adminAlt = "Die Containerbrücken in der Dämmerung";
  await uploadImage(
    admin,
    { name: "bruecken.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ width: 1400, height: 900, seed: 11 }) },
    { credit: "Foto: Hafenlicht Archiv", alt: adminAlt },
  );
  await expect(admin.locator("li[data-image-id]", { hasText: "Foto: Hafenlicht Archiv" })).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1_500);
  await expectPictures(page, path, [photoAlt]);

  const owner = await (await browser.newContext()).newPage();
  // The mail's link confirms this one image and signs nobody in.
  await owner.goto(firstHubLink((await mailTo(customer.email, "image_confirmation")).text));
  await expect(owner).toHaveURL(new RegExp(`^${HUB}/images/confirm/[A-Za-z0-9_-]{43}$`));
  const confirm = owner.getByRole("form", { name: "Bildrechte bestätigen" });
  await confirm.getByRole("checkbox").check();
  await confirm.getByRole("button", { name: "Rechte bestätigen" }).click();
  await expect(
    owner
      .getByRole("status")
      .filter({ hasText: /bestätigt/ })
      .first(),
  ).toBeVisible();
  await expectPictures(page, path, [photoAlt, adminAlt]);
  await owner.goto(`${HUB}/dashboard`);
  await expect(owner).toHaveURL(/\/login$/);

  // Evidence by stated purpose: the original as a download; the whole export needs compliance:manage.
  await admin.reload();
  const photoRow = admin.locator("li[data-image-id]", { hasText: "© Foto: Jana Petersen" });
  const evidence = photoRow.getByRole("form", { name: "Nachweis öffnen" });
  await evidence.getByLabel("Zweck des Zugriffs").fill("Anfrage der Fotografin vom 24. November");
  const download = admin.waitForEvent("download");
  await evidence.getByRole("button", { name: "Nachweis öffnen" }).click();
  expect((await download).suggestedFilename()).toMatch(/^image-\d+-original\.jpg$/);
  const exportForm = admin.getByRole("form", { name: "Nachweise exportieren" });
  await exportForm.getByLabel("Zweck des Zugriffs").fill("Verfahren Az. 2026-17");
  await exportForm.getByRole("button", { name: "Signierten Export herunterladen" }).click();
  await expect(exportForm.getByRole("alert")).toContainText("Berechtigung");

  // The service corrects the photo's credit: caption and og image follow, with a new og key.
  await photoRow.getByText("Bildnachweis korrigieren").click();
  const correction = photoRow.getByRole("form", { name: /Bildnachweis korrigieren/ });
  await correction.getByLabel("Urheber / Bildnachweis").fill("Foto: Jana Petersen / Hafenlicht");
  await correction.getByLabel("Grund").fill("Die Fotografin hat um die Ergänzung gebeten.");
  await correction.getByRole("button", { name: "Korrektur speichern" }).click();
  await expect(correction.getByRole("status")).toContainText("korrigiert");
  await admin.close();
  await expect(async () => {
    await page.goto(`${TECH}${path}`);
    await expect(page.locator("article figcaption").first()).toContainText("© Foto: Jana Petersen / Hafenlicht", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).not.toBe(og);
});

test("a body declared larger than any upload is refused with 413 before it is read, on any path", async () => {
  const { request } = await import("node:http");
  const port = Number(E2E_HOSTS.hub.split(":")[1]);
  for (const path of ["/api/v1/releases/1/images", "/dashboard/releases/1/images/upload", "/login"]) {
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: "POST",
          headers: { host: E2E_HOSTS.hub, "content-type": "multipart/form-data; boundary=x", "content-length": String(40 * 1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      // Only a first kilobyte of the declared 40 MiB is ever sent.
      req.write(Buffer.alloc(1024));
    });
    expect([path, status]).toEqual([path, 413]);
    expect(Date.now() - started).toBeLessThan(5_000);
  }
});
