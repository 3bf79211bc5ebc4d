import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { publicMediaResponse } from "@/lib/adapters/public/media";
import { diskStorage, setFileStorageForTests } from "@/lib/core/storage/file-storage";
import { storagePath } from "@/lib/core/storage/files";
import { seedCompany, seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { LOGO_MAX_BYTES } from "./newsroom-logo";
import { removeNewsroomLogo, replaceNewsroomLogo } from "./replace-newsroom-logo";

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-logo-")) });
});
afterEach(() => setFileStorageForTests(null));

/** A real JPEG carrying EXIF (camera, GPS-like comment) and a rotation flag, as phones write them. */
function photoWithExif(width = 1600, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "Pressdesk Test Camera", ImageDescription: "Standort 53.55N 9.99E" } })
    .toBuffer();
}

async function newsroomWith(role: "owner" | "responsible" | "member" = "owner") {
  const company = await seedCompany({ isActive: true });
  const user = await seedUser();
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role, grantedVia: "manual" } });
  return { company, user };
}

describe("newsroom logos", () => {
  it("re-encodes a real image into a WebP within 600 px without any metadata and serves it publicly", async () => {
    const input = await photoWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { company, user } = await newsroomWith();
    const { logoPath } = await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: input });
    expect(logoPath).toMatch(new RegExp(`^logos/${company.id}/[0-9a-f]{24}\\.webp$`));

    const response = await publicMediaResponse(logoPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const stored = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
      format: "webp",
      width: 600,
      height: 338,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
    });
    expect(stored.includes(Buffer.from("Pressdesk Test Camera"))).toBe(false);
    expect(await db.activityLog.count({ where: { type: "newsroom.logo_replaced", subjectId: String(company.id) } })).toBe(1);
  });

  it("refuses what is not an image, an SVG, an oversized file and a decompression bomb, keeping the old logo", async () => {
    const { company, user } = await newsroomWith("responsible");
    const { logoPath } = await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(300, 300) });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(LOGO_MAX_BYTES);
    const cases: [string, Uint8Array, string][] = [
      ["text", Buffer.from("%PDF-1.7 this is no image"), "validation_failed"],
      ["svg", svg, "validation_failed"],
      ["empty", new Uint8Array(0), "validation_failed"],
      ["50 MB", Buffer.alloc(50 * 1024 * 1024, 1), "payload_too_large"],
      ["bomb", bomb, "validation_failed"],
      [
        "tiny",
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
        "validation_failed",
      ],
    ];
    for (const [label, bytes, code] of cases) {
      await expect(replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes }), label).rejects.toMatchObject({
        code,
        issues: [{ path: "logo" }],
      });
    }
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoPath).toBe(logoPath);
    expect(existsSync(storagePath(logoPath))).toBe(true);
  });

  it("stores first, then the database, then deletes the old file; a failed write keeps the previous logo", async () => {
    const { company, user } = await newsroomWith();
    const first = (await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(400, 200) })).logoPath;
    setFileStorageForTests({
      ...diskStorage,
      put: async () => {
        throw new Error("disk full");
      },
    });
    await expect(
      replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(500, 200) }),
    ).rejects.toMatchObject({ code: "service_unavailable", issues: [{ path: "logo" }] });
    setFileStorageForTests(null);
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoPath).toBe(first);
    expect((await publicMediaResponse(first)).status).toBe(200);

    const second = (await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(500, 200) })).logoPath;
    expect(second).not.toBe(first);
    expect(existsSync(storagePath(first))).toBe(false);
    // The same bytes again: the same key, and the current file stays.
    expect((await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(500, 200) })).logoPath).toBe(
      second,
    );
    expect(existsSync(storagePath(second))).toBe(true);

    await removeNewsroomLogo({ userId: user.id, companyId: company.id });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoPath).toBeNull();
    expect(existsSync(storagePath(second))).toBe(false);
  });

  it("leaves no file behind when two uploads race, and the newsroom points at an existing one", async () => {
    const { company, user } = await newsroomWith();
    const uploads = await Promise.all(
      [700, 710, 720].map(async (w) => replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(w, 300) })),
    );
    const current = (await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoPath!;
    expect(uploads.map((u) => u.logoPath)).toContain(current);
    expect(uploads.filter((u) => existsSync(storagePath(u.logoPath))).map((u) => u.logoPath)).toEqual([current]);
  });

  it("is refused to a member and to strangers before anything is stored", async () => {
    const { company, user } = await newsroomWith("member");
    const stranger = await seedUser();
    for (const userId of [user.id, stranger.id]) {
      await expect(replaceNewsroomLogo({ userId, companyId: company.id, bytes: await photoWithExif() })).rejects.toMatchObject({
        status: 403,
      });
      await expect(removeNewsroomLogo({ userId, companyId: company.id })).rejects.toMatchObject({ status: 403 });
    }
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoPath).toBeNull();
  });
});

describe("the public media route", () => {
  it("serves only logo keys of newsrooms readers may see", async () => {
    const { company, user } = await newsroomWith();
    const { logoPath } = await replaceNewsroomLogo({ userId: user.id, companyId: company.id, bytes: await photoWithExif(320, 320) });
    expect((await publicMediaResponse(logoPath)).headers.get("cache-control")).toContain("max-age=86400");
    for (const key of [
      "@/lib/domains/etc/passwd",
      `logos/${company.id}/../secret.webp`,
      "originals/1/abc.jpg",
      `logos/${company.id}/${"a".repeat(24)}.webp`,
      "",
      "logos/0/x.webp",
    ]) {
      expect((await publicMediaResponse(key)).status, key).toBe(404);
    }
    await db.company.update({ where: { id: company.id }, data: { goneAt: new Date() } });
    expect((await publicMediaResponse(logoPath)).status).toBe(404);
  });
});
