import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as previewImage } from "@/app/hub/vorschau/[token]/bild/[imageId]/[file]/route";
import { GET, HEAD } from "@/app/hub/vorschau/[token]/route";
import { publicMediaResponse } from "@/lib/adapters/public/media";
import { db } from "@/lib/core/db/client";
import { revokePreviewLink } from "@/lib/domains/releases/previews/revoke-preview-link";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { uniqueClientIp } from "./client-addresses";
import { setLimits } from "./limits";
import { makeLink, opensOf, previewWorld } from "./previews-fixtures";
import { seedPublicImage, type FixtureImage } from "./public-image-fixtures";

// The preview's HTTP answers, through the route handlers as Next calls them: real status codes,
// private and unindexed on every answer, and nothing of the release once a link ended.

const HOUR = 3_600_000;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-previews-"));
  setLimits({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  setLimits({ STORAGE_DIR: undefined });
  await rm(storageDir, { recursive: true, force: true });
});

const HUB = `${getSiteHosts().protocol}://${getSiteHosts().hub}`;
const request = (path: string, ip = uniqueClientIp(), method = "GET") =>
  new Request(`${HUB}${path}`, { method, headers: { "x-forwarded-for": ip } });
const open = (token: string, ip?: string) => GET(request(`/vorschau/${token}`, ip), { params: Promise.resolve({ token }) });
const image = (token: string, imageId: number | string, file: string) =>
  previewImage(request(`/vorschau/${token}/bild/${imageId}/${file}`), {
    params: Promise.resolve({ token, imageId: String(imageId), file }),
  });

/** What every answer of a preview carries, whatever its status. */
function expectPrivate(res: Response) {
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
}

const fileOf = (img: FixtureImage, format: "avif" | "webp" | "jpeg", width = 480) =>
  img.variants
    .find((v) => v.format === format && v.width === width)!
    .key.split("/")
    .at(-1)!;

describe("GET /vorschau/<token>", () => {
  it("answers 200 with the release as it will appear, the banner, noindex and no share buttons, beacon or public image address", async () => {
    const scheduledAt = new Date("2031-03-12T08:30:00Z");
    const w = await previewWorld({ status: "scheduled", scheduledAt });
    const cover = await seedPublicImage(w.release.id, { isCover: true, position: 0 });
    const second = await seedPublicImage(w.release.id, { position: 1, alt: "Die neue Halle" });
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const res = await open(token);
    expect(res.status).toBe(200);
    expectPrivate(res);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Vertrauliche Vorschau für Jana Beispiel, Tagesblatt.");
    expect(html).toContain("Sperrfrist: 12. März 2031 um 09:30 Uhr (Berliner Zeit). Bitte nicht vor diesem Zeitpunkt veröffentlichen.");
    expect(html).toContain(`<h1>${w.release.title}</h1>`);
    expect(html).toContain("Die Beispiel AG eröffnet ein neues Werk in Brandenburg.");
    expect(html).toContain("Pressdesk Business");
    for (const absent of ["Teilen", "/seen/", "application/ld+json", "/media/", "<script"]) expect(html, absent).not.toContain(absent);
    // Both images, every file through the link's own address.
    for (const img of [cover, second]) expect(html).toContain(`/vorschau/${token}/bild/${img.id}/${fileOf(img, "jpeg")}`);
    expect((await opensOf(link.id)).rows).toBe(1);
  });

  it("answers 410 without the release once revoked or past its end, 404 for an unknown token", async () => {
    const w = await previewWorld();
    const revoked = await makeLink(w.owner.id, w.release.id);
    await revokePreviewLink({ userId: w.owner.id, releaseId: w.release.id, linkId: revoked.link.id });
    const expired = await makeLink(w.owner.id, w.release.id, { expiresAt: new Date(Date.now() + 500) });
    await new Promise((r) => setTimeout(r, 600));
    for (const token of [revoked.token, expired.token]) {
      const res = await open(token);
      expect(res.status).toBe(410);
      expectPrivate(res);
      const html = await res.text();
      expect(html).toContain("Diese Vorschau ist nicht mehr verfügbar");
      for (const secret of [w.release.title, "Brandenburg", w.company.name, "Jana Beispiel", "Tagesblatt"])
        expect(html).not.toContain(secret);
    }
    const unknown = await open("B".repeat(43));
    expect(unknown.status).toBe(404);
    expectPrivate(unknown);
    expect(await unknown.text()).toContain("Diese Vorschau gibt es nicht");
  });

  it("answers 307 to the public page once the release is published and visible", async () => {
    const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const past = new Date(Date.now() - 60_000);
    await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "published", publishedAt: past, publishedEverAt: past } });
    const res = await open(token);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(releaseUrl(w.release, getSiteHosts()));
    expectPrivate(res);
    expect((await opensOf(link.id)).rows).toBe(0);
  });

  it("HEAD answers the status without counting an open", async () => {
    const w = await previewWorld();
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const res = await HEAD(request(`/vorschau/${token}`, uniqueClientIp(), "HEAD"), { params: Promise.resolve({ token }) });
    expect(res.status).toBe(200);
    expectPrivate(res);
    expect((await opensOf(link.id)).rows).toBe(0);
  });

  it("answers 429 with the usual error body past 30 opens a minute from one client, private as well", async () => {
    const ip = uniqueClientIp();
    for (let i = 0; i < 30; i++) expect((await open(`C${String(i).padStart(42, "0")}`, ip)).status).toBe(404);
    const res = await open("D".repeat(43), ip);
    expect(res.status).toBe(429);
    expectPrivate(res);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Another client is not held up.
    expect((await open("D".repeat(43))).status).toBe(404);
  });
});

describe("GET /vorschau/<token>/bild/<imageId>/<file>", () => {
  it("serves the release's display files while the link shows the page, privately, and nothing else", async () => {
    const w = await previewWorld();
    const img = await seedPublicImage(w.release.id, { isCover: true });
    const withheld = await seedPublicImage(w.release.id, { position: 1, withheldAt: new Date() });
    const other = await previewWorld();
    const foreign = await seedPublicImage(other.release.id, { isCover: true });
    await makeLink(other.owner.id, other.release.id);
    const { token, link } = await makeLink(w.owner.id, w.release.id);

    for (const format of ["avif", "webp", "jpeg"] as const) {
      const res = await image(token, img.id, fileOf(img, format));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(`image/${format}`);
      expectPrivate(res);
    }
    // Not before publication through the public media route.
    expect((await publicMediaResponse(img.variants[0]!.key)).status).toBe(404);
    // Another release's image, a withheld one, the og variant, the original, a made-up name: 404.
    const refused = [
      [foreign.id, fileOf(foreign, "jpeg")],
      [withheld.id, fileOf(withheld, "jpeg")],
      [img.id, img.ogVariantPath.split("/").at(-1)!],
      [img.id, img.originalPath.split("/").at(-1)!],
      [img.id, "../../evidence.jpg"],
      [img.id, fileOf(foreign, "jpeg")],
    ] as const;
    for (const [id, file] of refused) {
      const res = await image(token, id, file);
      expect([id, file, res.status]).toEqual([id, file, 404]);
      expectPrivate(res);
    }
    expect((await image("E".repeat(43), img.id, fileOf(img, "jpeg"))).status).toBe(404);
    // Looking at images is no open.
    expect((await opensOf(link.id)).rows).toBe(0);

    await revokePreviewLink({ userId: w.owner.id, releaseId: w.release.id, linkId: link.id });
    const gone = await image(token, img.id, fileOf(img, "jpeg"));
    expect(gone.status).toBe(410);
    expectPrivate(gone);
  });
});
