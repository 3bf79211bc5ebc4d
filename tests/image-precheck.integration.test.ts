import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { isPubliclyDeliverable, deliverabilitySelect } from "@/lib/domains/images/deliverable";
import { decideWithheldImage } from "@/lib/domains/release-images/decide-withheld-image";
import { listWithheldImages } from "@/lib/domains/images/review/list-withheld-images";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { PRECHECK_CATEGORIES } from "@/lib/domains/images/precheck/types";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { documentJpeg, photoJpeg, screenshotPng, watermarkedJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// Every image row of spec 3.1, with real image files and the embedded analyser looking at the
// pixels; the people / AI rows come from a vision model (a local HTTP server in this test).

let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-img-pre-"));
  setLimits({ STORAGE_DIR: storageDir, IMAGE_PRECHECK: "true", IMAGE_PRECHECK_STAGE: "2", IMAGE_RIGHTS_V2: "false" });
});
afterAll(() => setLimits({ IMAGE_PRECHECK: undefined, IMAGE_PRECHECK_STAGE: undefined }));

const form = (bytes: Buffer, aiDeclaration: ImageUploadForm["aiDeclaration"] = null): ImageUploadForm => ({
  bytes,
  copyright: "Foto: Beispiel AG",
  rightsConfirmed: true,
  confirmTextVersion: "img-confirm-v1",
  alt: null,
  aiDeclaration,
  focusX: 0.5,
  focusY: 0.5,
  noCrop: false,
});

async function release() {
  const { owner, company } = await seedNewsroom();
  return { owner, release: await seedCheckedRelease(company.id, owner.id) };
}

async function storedFiles(): Promise<number> {
  let n = 0;
  for await (const _ of getFileStorage().list("")) n++;
  return n;
}

describe("precheck outcomes (spec 3.1)", () => {
  it("reject: a stock watermark is refused with 422 and its reason; nothing is stored; an image_precheck audit row", async () => {
    const { owner, release: r } = await release();
    const filesBefore = await storedFiles();
    await expect(
      uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await watermarkedJpeg()), ip: null, source: "api" }),
    ).rejects.toMatchObject({ code: "validation_failed", details: { reason: "stock_watermark" } });
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: r.id } })).toBe(0);
    expect(await storedFiles()).toBe(filesBefore);
    const audit = await db.kiAudit.findFirstOrThrow({ where: { pressReleaseId: r.id, type: "image_precheck" } });
    expect(audit.result).toMatchObject({ outcome: "reject" });
    expect(audit.imageId).toBeNull();
  });

  it("reject: a document (score at or above 0.85)", async () => {
    const { owner, release: r } = await release();
    await expect(
      uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await documentJpeg()), ip: null, source: "api" }),
    ).rejects.toMatchObject({ details: { reason: "document" } });
  });

  it("queue: a screenshot is stored but held (precheck_withheld_at), the release goes on, a person decides with a note", async () => {
    const { owner, release: r } = await release();
    const { image, warnings } = await uploadReleaseImage({
      releaseId: r.id,
      userId: owner.id,
      form: form(await screenshotPng()),
      ip: null,
      source: "api",
    });
    expect(image.status).toBe("under_review");
    expect(warnings.map((w) => w.code)).toContain("image_under_review");
    const row = await db.pressReleaseImage.findUniqueOrThrow({
      where: { id: image.id },
      select: { ...deliverabilitySelect, withheldAt: true, precheckWithheldAt: true, precheckSnapshot: true },
    });
    expect(row.precheckWithheldAt).not.toBeNull();
    expect(row.withheldAt).toBeNull();
    expect(isPubliclyDeliverable(row)).toBe(false);
    expect(row.precheckSnapshot).toMatchObject({ outcome: "queue", analyser: "embedded" });
    expect((await listWithheldImages()).map((i) => i.id)).toContain(image.id);

    const admin = await seedAdmin();
    await expect(decideWithheldImage({ imageId: image.id, adminUserId: admin.id, decision: "release", note: " " })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const customer = owner.id;
    await expect(
      decideWithheldImage({
        imageId: image.id,
        adminUserId: customer,
        decision: "release",
        note: "Bildschirmfoto der eigenen App, zulässig",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    // Two admins at once: one decision, the other finds it decided.
    const other = await seedAdmin();
    const results = await Promise.allSettled([
      decideWithheldImage({
        imageId: image.id,
        adminUserId: admin.id,
        decision: "release",
        note: "Bildschirmfoto der eigenen App, zulässig",
      }),
      decideWithheldImage({ imageId: image.id, adminUserId: other.id, decision: "reject", note: "Fremde Oberfläche" }),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual(["fulfilled", "rejected"]);
    const reviews = await db.kiAudit.findMany({ where: { imageId: image.id, type: "image_precheck_review" } });
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.note).toBeTruthy();
  });

  it("pass: a photo without people; stage 1 evaluates only the watermark (a screenshot passes)", async () => {
    const { owner, release: r } = await release();
    const { image } = await uploadReleaseImage({
      releaseId: r.id,
      userId: owner.id,
      form: form(await photoJpeg()),
      ip: null,
      source: "api",
    });
    expect(image.precheck.outcome).toBe("pass");
    expect(image.status).toBe("public");
    setLimits({ IMAGE_PRECHECK_STAGE: "1" });
    try {
      const { image: shot } = await uploadReleaseImage({
        releaseId: r.id,
        userId: owner.id,
        form: form(await screenshotPng()),
        ip: null,
        source: "api",
      });
      expect(shot.precheck.outcome).toBe("pass");
      await expect(
        uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await watermarkedJpeg()), ip: null, source: "api" }),
      ).rejects.toMatchObject({ details: { reason: "stock_watermark" } });
    } finally {
      setLimits({ IMAGE_PRECHECK_STAGE: "2" });
    }
  });
});

describe("with a vision model", () => {
  let server: Server;
  let answer: () => { status: number; body: unknown };
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const a = answer();
        res.writeHead(a.status, { "content-type": "application/json" });
        res.end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    setLimits({
      IMAGE_PRECHECK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
      IMAGE_PRECHECK_TIMEOUT_S: "3",
    });
  });
  afterAll(async () => {
    setLimits({ IMAGE_PRECHECK_URL: undefined, IMAGE_PRECHECK_TIMEOUT_S: undefined });
    await new Promise((resolve) => server.close(resolve));
  });
  // The model answers every category; the test names those that matter.
  const scores = (s: Record<string, number>) => ({
    status: 200,
    body: {
      choices: [
        { message: { content: JSON.stringify({ scores: { ...Object.fromEntries(PRECHECK_CATEGORIES.map((c) => [c, 0])), ...s } }) } },
      ],
    },
  });

  it("hint: people; 'appears AI-made' only when declared without AI; the precheck never sets the labelling", async () => {
    const { owner, release: r } = await release();
    answer = () => scores({ people: 0.9, ai_generated: 0.8 });
    const declaredWithout = await uploadReleaseImage({
      releaseId: r.id,
      userId: owner.id,
      form: form(await photoJpeg({ seed: 3 }), "without_ai"),
      ip: null,
      source: "api",
    });
    expect(declaredWithout.image.precheck.outcome).toBe("hint");
    expect(declaredWithout.warnings.map((w) => w.code).sort()).toEqual(expect.arrayContaining(["people"]));
    expect(declaredWithout.image.precheck.reasons.map((x) => x.code)).toEqual(expect.arrayContaining(["people", "ai_generated"]));
    expect(declaredWithout.image.portalLabel).toBeNull();
    const declaredAi = await uploadReleaseImage({
      releaseId: r.id,
      userId: owner.id,
      form: form(await photoJpeg({ seed: 4 }), "ai_generated"),
      ip: null,
      source: "api",
    });
    expect(declaredAi.image.precheck.reasons.map((x) => x.code)).not.toContain("ai_generated");
    expect(declaredAi.image.status).toBe("public");
  });

  it("error: a failing model lets the image through with a note", async () => {
    const { owner, release: r } = await release();
    answer = () => ({ status: 500, body: { error: "overloaded" } });
    const { image, warnings } = await uploadReleaseImage({
      releaseId: r.id,
      userId: owner.id,
      form: form(await photoJpeg({ seed: 5 })),
      ip: null,
      source: "api",
    });
    expect(image.precheck.outcome).toBe("error");
    expect(image.precheck.note).toBeTruthy();
    expect(image.status).toBe("public");
    expect(warnings.map((w) => w.code)).toContain("precheck_unavailable");
  });

  it("queue: rejection categories between 0.6 and 0.85, and a foreign logo", async () => {
    const { owner, release: r } = await release();
    answer = () => scores({ violence: 0.7 });
    expect(
      (await uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await photoJpeg({ seed: 6 })), ip: null, source: "api" }))
        .image.status,
    ).toBe("under_review");
    answer = () => scores({ foreign_logo: 0.6 });
    expect(
      (await uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await photoJpeg({ seed: 7 })), ip: null, source: "api" }))
        .image.status,
    ).toBe("under_review");
    answer = () => scores({ nudity: 0.85 });
    await expect(
      uploadReleaseImage({ releaseId: r.id, userId: owner.id, form: form(await photoJpeg({ seed: 8 })), ip: null, source: "api" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
  });
});
