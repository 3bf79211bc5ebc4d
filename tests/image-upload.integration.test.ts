import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { sendForm, send } from "./api-client";
import { seedRelease } from "./factories";
import { bombPng, corruptJpeg, oversizeFile, photoJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { seedNewsroom } from "./release-fixtures";
import { join as joinTeam } from "./team-fixtures";

// Spec 4.2 image upload through API v1, as a client sends it (multipart, in process).

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
});

const tokenFor = async (userId: number) => (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;

function uploadForm(bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "bild.jpg");
  const all = {
    copyright: "Foto: Anna Beispiel",
    rights_confirmed: "true",
    confirm_text_version: "img-confirm-v1",
    alt: "Das neue Werk",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  return form;
}

async function draftOf() {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, status: "draft" });
  return { owner, company, release, token: await tokenFor(owner.id) };
}

let photo: Buffer;
beforeAll(async () => {
  photo = await photoJpeg({ width: 1800, height: 1200 });
});

describe("POST /api/v1/releases/{id}/images", () => {
  it("stores the image with variants, og variant, confirmation, snapshots and answers the resource", async () => {
    const { release, token, owner } = await draftOf();
    const res = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
      token,
      form: uploadForm(photo, { ai_declaration: "ai_assisted", focus_x: "0.3" }),
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toMatchObject({
      release_id: release.id,
      is_cover: true,
      customer_statement: "Foto: Anna Beispiel",
      portal_label: "KI-bearbeitet",
      credit: "© Foto: Anna Beispiel · KI-bearbeitet",
      ai_declaration: "ai_assisted",
      status: "public",
      width: 1800,
      height: 1200,
      focus_x: 0.3,
      form_version: "v1",
    });
    expect(body.data.confirmation.text_version).toBe("img-confirm-v1");
    expect(body.data.provenance.finding).toBe("none");
    expect(Array.isArray(body.warnings)).toBe(true);

    const image = await db.pressReleaseImage.findUniqueOrThrow({
      where: { id: body.data.id },
      include: { snapshots: true, confirmations: true },
    });
    const variants = image.variants as { width: number; format: string; key: string }[];
    expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual([
      "1600.avif",
      "1600.jpeg",
      "1600.webp",
      "480.avif",
      "480.jpeg",
      "480.webp",
      "960.avif",
      "960.jpeg",
      "960.webp",
    ]);
    for (const v of variants) {
      const file = await getFileStorage().get(v.key);
      expect((await sharp(file!.bytes).metadata()).width).toBe(v.width);
      expect(v.key.startsWith("img/")).toBe(true);
    }
    // The original is the uploaded bytes, kept as evidence outside the public prefix.
    expect((await getFileStorage().get(image.originalPath!))!.bytes.equals(photo)).toBe(true);
    expect(image.originalPath!.startsWith("evidence/")).toBe(true);
    // og: 1200×630, with the credit bar burned in (darker bottom band than the cover's).
    const og = await sharp((await getFileStorage().get(image.ogVariantPath!))!.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([og.info.width, og.info.height]).toEqual([1200, 630]);
    // Confirmation: bound to id and bytes, the address only as a versioned HMAC.
    expect(image.confirmations).toHaveLength(1);
    expect(image.confirmations[0]).toMatchObject({
      imageSha256: image.bytesSha256,
      legalTextKey: "img-confirm-v1",
      userId: owner.id,
      source: "api",
      ipHmacKeyVersion: 1,
    });
    expect(image.confirmations[0]!.ipHmac).not.toContain("198.51.100.7");
    // Snapshots: cover and og, each with a JSON of credit and labelling.
    expect(image.snapshots.map((s) => s.variant).sort()).toEqual(["cover", "og"]);
    const json = JSON.parse((await getFileStorage().get(image.snapshots.find((s) => s.variant === "og")!.jsonPath))!.bytes.toString());
    expect(json).toMatchObject({
      variant: "og",
      bytesSha256: image.bytesSha256,
      metadataHash: image.metadataHash,
      credit: "© Foto: Anna Beispiel · KI-bearbeitet",
      labelling: { aiDeclaration: "ai_assisted", provenanceFinding: "none" },
    });
    const declaration = await db.pressReleaseAiDeclaration.findFirstOrThrow({ where: { imageId: image.id } });
    expect(declaration).toMatchObject({ scope: "image", declaration: "ai_assisted", version: 1 });
  });

  it("refuses a stale confirmation wording with 422 naming the current one, and an unconfirmed upload", async () => {
    const { release, token } = await draftOf();
    const stale = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
      token,
      form: uploadForm(photo, { confirm_text_version: "img-confirm-v3" }),
    });
    expect(stale.status).toBe(422);
    expect((await stale.json()).error.details).toEqual({ current_text_version: "img-confirm-v1" });
    setLimits({ IMAGE_RIGHTS_V2: "true" });
    try {
      const v1 = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(photo) });
      expect((await v1.json()).error.details).toEqual({ current_text_version: "img-confirm-v2" });
      const v2 = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
        token,
        form: uploadForm(photo, { confirm_text_version: "img-confirm-v2" }),
      });
      expect(v2.status).toBe(201);
      expect((await v2.json()).data.form_version).toBe("v2");
    } finally {
      setLimits({ IMAGE_RIGHTS_V2: "false" });
    }
    const unconfirmed = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
      token,
      form: uploadForm(photo, { rights_confirmed: "false" }),
    });
    expect(unconfirmed.status).toBe(422);
    const noCopyright = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
      token,
      form: uploadForm(photo, { copyright: "" }),
    });
    expect(noCopyright.status).toBe(422);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(1);
  });

  it("refuses what is not a usable image: corrupt 422, a decompression bomb 422, text 422, 17 MiB 413 before reading", async () => {
    const { release, token } = await draftOf();
    const corrupt = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(await corruptJpeg()) });
    expect(corrupt.status).toBe(422);
    expect((await corrupt.json()).error.details.reason).toBe("corrupt");
    const started = Date.now();
    const bomb = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(await bombPng()) });
    expect(bomb.status).toBe(422);
    expect((await bomb.json()).error.details.reason).toBe("too_many_pixels");
    expect(Date.now() - started).toBeLessThan(5_000);
    const text = await sendForm("POST", `/api/v1/releases/${release.id}/images`, {
      token,
      form: uploadForm(Buffer.from("%PDF-1.4 not an image at all, sorry")),
    });
    expect((await text.json()).error.details.reason).toBe("not_an_image");
    const huge = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(await oversizeFile()) });
    expect(huge.status).toBe(413);
    // Declared too large: refused from the header, the body is never read.
    let pulled = 0;
    const stream = new ReadableStream({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    const { sendRaw } = await import("./api-client");
    const declared = await sendRaw("POST", `/api/v1/releases/${release.id}/images`, {
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(17 * 1024 * 1024),
      },
      body: stream as unknown as Uint8Array,
    });
    expect(declared.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("keeps at most the documented number of images, even when uploads race", async () => {
    const { release, token } = await draftOf();
    const small = await photoJpeg({ width: 640, height: 480 });
    for (let i = 0; i < 9; i++)
      expect((await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(small) })).status).toBe(201);
    const [a, b] = await Promise.all(
      [0, 1].map(() => sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(small) })),
    );
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(10);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id, isCover: true } })).toBe(1);
  });

  it("as an attacker: another newsroom's release is 404, a member may not add to a colleague's text, a published text takes no uploads", async () => {
    const { release, company } = await draftOf();
    const stranger = await seedNewsroom();
    const strangerToken = await tokenFor(stranger.owner.id);
    expect(
      (await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token: strangerToken, form: uploadForm(photo) })).status,
    ).toBe(404);
    expect((await send("GET", `/api/v1/releases/${release.id}/images`, { token: strangerToken })).status).toBe(404);
    const member = await joinTeam(company.id, "member");
    await db.userPaymentOption.create({
      data: { userId: member.id, companyId: company.id, provider: "stripe", plan: "pro", monthlyReleaseQuota: 3, apiAccess: true },
    });
    expect(
      (await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token: await tokenFor(member.id), form: uploadForm(photo) }))
        .status,
    ).toBe(403);
    const published = await draftOf();
    await db.pressRelease.update({
      where: { id: published.release.id },
      data: { status: "published", publishedAt: new Date(), publishedEverAt: new Date() },
    });
    expect(
      (await sendForm("POST", `/api/v1/releases/${published.release.id}/images`, { token: published.token, form: uploadForm(photo) }))
        .status,
    ).toBe(409);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: { in: [release.id, published.release.id] } } })).toBe(0);
  });

  it("orders images and moves the cover; DELETE of another release's image id is 404", async () => {
    const { release, token } = await draftOf();
    const small = await photoJpeg({ width: 640, height: 480 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await (await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: uploadForm(small) })).json()).data.id,
      );
    const res = await send("PUT", `/api/v1/releases/${release.id}/images/order`, {
      token,
      body: { order: [ids[2], ids[0], ids[1]], cover_image_id: ids[2] },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.map((i: { id: number; is_cover: boolean }) => [i.id, i.is_cover])).toEqual([
      [ids[2], true],
      [ids[0], false],
      [ids[1], false],
    ]);
    expect(
      (await send("PUT", `/api/v1/releases/${release.id}/images/order`, { token, body: { order: [ids[0]], cover_image_id: null } })).status,
    ).toBe(422);
    const other = await draftOf();
    expect((await send("DELETE", `/api/v1/releases/${other.release.id}/images/${ids[0]}`, { token: other.token })).status).toBe(404);
    expect((await send("DELETE", `/api/v1/releases/${release.id}/images/${ids[2]}`, { token })).status).toBe(204);
    // Never published: erased with its files; the next image became the cover.
    expect(await db.pressReleaseImage.findUnique({ where: { id: ids[2] } })).toBeNull();
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: ids[0] } })).isCover).toBe(true);
  });
});
