import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as dashboardUpload } from "@/app/hub/dashboard/releases/[id]/images/upload/route";
import { uploadErrorOf } from "@/components/dashboard/image-upload-errors";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { StaleClassificationException } from "@/lib/core/errors/errors";
import { arrangeReleaseImages } from "@/lib/domains/release-images/arrange-release-images";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";
import { KI, SCHEDULER } from "@/lib/domains/releases/history";
import { approveRelease } from "@/lib/domains/releases/manual-review";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { publishDueReleases } from "@/lib/domains/releases/publish-scheduled";
import { currentReviewFingerprint } from "@/lib/domains/releases/review-images";
import type { TextClassifier } from "@/lib/domains/review/classifier";
import { runAutomaticReview } from "@/lib/domains/review/run-review";
import { correctImageAction } from "@/app/hub/dashboard/releases/[id]/images/actions";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { send, sendForm } from "./api-client";
import { seedRelease } from "./factories";
import { photoJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { signIn, withPageSession } from "./page-session";
import { GOOD_BODY, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// Spec 3.1 publish() and docs/release-lifecycle.md "Review fingerprint": images (bytes, alt
// text, credit, AI declaration) are part of what a check or a person's approval is valid for.
// Written as the customer who gets a harmless release approved and then adds or changes an
// image with a spam credit: through the dashboard's upload route behind a session cookie and
// through API v1, then the scheduler and publish() as they run.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const HOUR = 3_600_000;
const SPAM = { copyright: "Foto: JETZT KAUFEN!!! www.example.com", alt: "UNGLAUBLICH!!! DIE BESTE SOFTWARE ALLER ZEITEN" };
let photo: Buffer;

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-review-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
  photo = await photoJpeg({ width: 800, height: 600 });
});

function imageForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "bild.jpg");
  for (const [k, v] of Object.entries({
    copyright: "Foto: Anna Beispiel",
    alt: "Das neue Werk",
    rights_confirmed: "true",
    confirm_text_version: "img-confirm-v1",
    ...fields,
  }))
    form.set(k, v);
  return form;
}

/** The dashboard's own upload route, as the release page's script posts to it. */
async function uploadThroughDashboard(releaseId: number, fields: Record<string, string>) {
  const encoded = new Request("http://encode.invalid/", { method: "POST", body: imageForm(fields) });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const request = new Request(`http://hub.localhost:3000/dashboard/releases/${releaseId}/images/upload`, {
    method: "POST",
    headers: {
      origin: "http://hub.localhost:3000",
      "content-type": encoded.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  return dashboardUpload(request, { params: Promise.resolve({ id: String(releaseId) }) });
}

const tokenFor = async (userId: number) => (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;
const row = (id: number) => db.pressRelease.findUniqueOrThrow({ where: { id } });
const reviewJobs = (id: number) => db.jobQueue.count({ where: { name: "release/review", payload: { equals: { releaseId: id } } } });

/** A release that passed its automatic check for its current version and waits for its time (or is due). */
async function checkedAndScheduled(at: Date) {
  const { owner, company } = await seedNewsroom();
  const release = await seedCheckedRelease(company.id, owner.id, {
    data: { status: "scheduled", scheduledAt: at, contactEmail: "presse@beispiel.de" },
  });
  return { owner, company, release };
}

/** A scheduled, checked release that already carries one harmless image (uploaded while it was a draft). */
async function checkedWithImage(at: Date) {
  const { owner, company } = await seedNewsroom();
  const draft = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "draft",
    title: "Beispiel AG eröffnet neues Werk",
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
  });
  const res = await sendForm("POST", `/api/v1/releases/${draft.id}/images`, { token: await tokenFor(owner.id), form: imageForm() });
  expect(res.status).toBe(201);
  const imageId = (await res.json()).data.id as number;
  const withImage = await row(draft.id);
  await db.pressRelease.update({ where: { id: draft.id }, data: { status: "scheduled", scheduledAt: at } });
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: draft.id,
      result: "green",
      reasons: [],
      contentHash: withImage.contentHash,
      reviewFingerprint: withImage.reviewFingerprint,
      classifier: "test",
      attempt: 0,
    },
  });
  return { owner, release: withImage, imageId };
}

describe("an image added after the check", () => {
  it("through the dashboard: a spam credit on a checked, scheduled release sends it back to its check, and it never publishes unchecked", async () => {
    const { owner, release } = await checkedAndScheduled(new Date(Date.now() + HOUR));
    await signIn(owner.id);
    const res = await uploadThroughDashboard(release.id, SPAM);
    expect(res.status).toBe(201);

    const after = await row(release.id);
    expect(after.status).toBe("in_review");
    expect(after.reviewFingerprint).not.toBe(release.reviewFingerprint);
    // The check of the text alone no longer counts, and a new one was asked for.
    expect(await db.pressReleaseClassification.count({ where: { pressReleaseId: release.id, discardedAt: null } })).toBe(0);
    expect(await reviewJobs(release.id)).toBe(1);
    // publish() refuses what no check has seen, whoever asks.
    await expect(publishRelease({ releaseId: release.id, actor: SCHEDULER, now: new Date(Date.now() + 2 * HOUR) })).rejects.toBeInstanceOf(
      StaleClassificationException,
    );
    expect((await publishDueReleases(new Date(Date.now() + 2 * HOUR))).published).not.toContain(release.id);

    // The check reads what the image states: the spam credit and alt text make it red.
    expect((await runAutomaticReview({ releaseId: release.id })).outcome).toBe("rejected");
    const check = await db.pressReleaseClassification.findFirstOrThrow({ where: { pressReleaseId: release.id, discardedAt: null } });
    expect(check.reviewFingerprint).toBe(after.reviewFingerprint);
    expect((check.reasons as { code: string }[]).map((r) => r.code)).toEqual(
      expect.arrayContaining(["image_advertising", "image_shouting", "image_exclamations"]),
    );
    expect((await row(release.id)).status).toBe("rejected");
  });

  it("through API v1: on a release a person approved and that is due, the upload voids the approval; the scheduler and the old approval publish nothing", async () => {
    const { owner, release } = await checkedAndScheduled(new Date(Date.now() - 60_000));
    const admin = await seedAdmin();
    await db.pressRelease.update({
      where: { id: release.id },
      data: { manualReviewRequiredAt: new Date(), approvedReviewFingerprint: release.reviewFingerprint },
    });

    const res = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token: await tokenFor(owner.id), form: imageForm(SPAM) });
    expect(res.status).toBe(201);

    const after = await row(release.id);
    expect([after.status, after.approvedReviewFingerprint, after.manualQueueAt !== null]).toEqual(["in_review", null, true]);
    expect((await publishDueReleases()).published).not.toContain(release.id);
    // The admin's form still names what was approved before the image came: refused.
    await expect(
      approveRelease({ releaseId: release.id, adminUserId: admin.id, reviewFingerprint: release.reviewFingerprint! }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect((await row(release.id)).status).toBe("in_review");
    // It goes to a person, not to the automatic check.
    expect(await reviewJobs(release.id)).toBe(0);
  });

  it("publish() compares with what it would deliver: an image row no door recorded makes the check stale, and the fingerprint catches up", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { contactEmail: "presse@beispiel.de" } });
    await db.pressReleaseImage.create({
      data: {
        pressReleaseId: release.id,
        bytesSha256: "a".repeat(64),
        metadataHash: "b".repeat(64),
        mimeType: "image/jpeg",
        width: 10,
        height: 10,
        sizeBytes: 100,
        displayPath: "x.jpg",
        rulesVersion: "r1",
        formVersion: "v1",
        alt: SPAM.alt,
        customerStatement: SPAM.copyright,
      },
    });
    await expect(publishRelease({ releaseId: release.id, actor: KI })).rejects.toBeInstanceOf(StaleClassificationException);
    const after = await row(release.id);
    expect(after.status).toBe("in_review");
    expect(after.reviewFingerprint).not.toBe(release.reviewFingerprint);
    expect(await reviewJobs(release.id)).toBe(1);
  });
});

describe("every image change on a release in review or scheduled", () => {
  it("a corrected credit or alt text, or a removal, sends it back; arranging the same images does not", async () => {
    const at = new Date(Date.now() + HOUR);
    const corrected = await checkedWithImage(at);
    await correctImageDeclaration({ userId: corrected.owner.id, imageId: corrected.imageId, customerStatement: SPAM.copyright });
    expect((await row(corrected.release.id)).status).toBe("in_review");

    const removed = await checkedWithImage(at);
    await removeReleaseImage({ userId: removed.owner.id, imageId: removed.imageId });
    expect((await row(removed.release.id)).status).toBe("in_review");

    // Order and cover show nothing the check did not see.
    const arranged = await checkedWithImage(at);
    await arrangeReleaseImages({
      userId: arranged.owner.id,
      releaseId: arranged.release.id,
      order: [arranged.imageId],
      coverImageId: null,
    });
    const still = await row(arranged.release.id);
    expect([still.status, still.reviewFingerprint]).toEqual(["scheduled", arranged.release.reviewFingerprint]);
  });

  it("a correction racing the scheduler: either it publishes what was checked, or the corrected image waits for its check", async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, release, imageId } = await checkedWithImage(new Date(Date.now() - 60_000));
      const before = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: imageId } });
      const [published, correction] = await Promise.allSettled([
        publishDueReleases(),
        correctImageDeclaration({ userId: owner.id, imageId, customerStatement: SPAM.copyright }),
      ]);
      expect(published.status).toBe("fulfilled");
      const after = await row(release.id);
      const image = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: imageId } });
      if (after.status === "published") {
        // Published first: the customer's correction of a published image is refused.
        expect(correction.status).toBe("rejected");
        expect(image.metadataHash).toBe(before.metadataHash);
      } else {
        expect(correction.status).toBe("fulfilled");
        expect(after.status).toBe("in_review");
        expect(after.publishedEverAt).toBeNull();
      }
    }
  });
});

describe("what an image states is judged whatever classifier runs", () => {
  it("a model behind CLASSIFIER_URL that answers green does not pass a spam credit added after the check", async () => {
    const { owner, release } = await checkedAndScheduled(new Date(Date.now() + HOUR));
    const res = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token: await tokenFor(owner.id), form: imageForm(SPAM) });
    expect(res.status).toBe(201);
    // A model that reads only the text and finds nothing wrong with it.
    const textOnly: TextClassifier = {
      name: "http:review-1",
      classify: async () => ({ result: "green", reasons: [], classifier: "http:review-1" }),
    };
    expect((await runAutomaticReview({ releaseId: release.id, classifier: textOnly })).outcome).toBe("rejected");
    const check = await db.pressReleaseClassification.findFirstOrThrow({ where: { pressReleaseId: release.id, discardedAt: null } });
    expect([check.result, check.classifier]).toEqual(["red", "http:review-1"]);
    expect((check.reasons as { code: string }[]).map((r) => r.code)).toEqual(
      expect.arrayContaining(["image_advertising", "image_exclamations"]),
    );
  });
});

describe("credit and alt text take readable text only, at every door", () => {
  const UNREADABLE: Record<string, string>[] = [
    { alt: "Das neue Werk\u0007" },
    { copyright: "Foto: Anna \u202EleipsieB" },
    { alt: "Werk \uFFFF" },
  ];

  it("upload through API v1 and the dashboard route: 422 naming the field, nothing stored", async () => {
    const { owner, release } = await checkedAndScheduled(new Date(Date.now() + HOUR));
    const token = await tokenFor(owner.id);
    await signIn(owner.id);
    for (const fields of UNREADABLE) {
      const path = Object.keys(fields)[0];
      const api = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: imageForm(fields) });
      expect([api.status, (await api.json()).error.issues[0].path]).toEqual([422, path]);
      const dashboard = await uploadThroughDashboard(release.id, fields);
      const answer = await dashboard.json();
      expect([dashboard.status, answer.error.issues[0].path]).toEqual([422, path]);
      // What the upload form shows at the field, in German.
      expect(uploadErrorOf(422, answer, 16).issues?.[path as "alt" | "copyright"]).toContain("Steuer- oder Sonderzeichen");
    }
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(0);
    expect((await row(release.id)).status).toBe("scheduled");
  });

  it("a correction through API v1, the domain and the dashboard form: refused with the field, the image as it was", async () => {
    const { owner, release, imageId } = await checkedWithImage(new Date(Date.now() + HOUR));
    const before = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: imageId } });
    const token = await tokenFor(owner.id);
    for (const [body, path] of [
      [{ copyright: "Foto: Anna\u0003" }, "copyright"],
      [{ alt: "Werk \u2066isoliert\u2069" }, "alt"],
    ] as const) {
      const res = await send("PATCH", `/api/v1/releases/${release.id}/images/${imageId}`, { token, body });
      expect([res.status, (await res.json()).error.issues[0].path]).toEqual([422, path]);
    }
    await expect(correctImageDeclaration({ userId: owner.id, imageId, alt: "Werk\u0001" })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [expect.objectContaining({ path: "alt" })],
    });

    await signIn(owner.id);
    const form = new FormData();
    for (const [k, v] of Object.entries({ imageId: String(imageId), copyright: "Foto: Anna Beispiel", alt: "Das neue Werk\u0007" }))
      form.set(k, v);
    const result = await correctImageAction(release.id, null, form);
    expect(result).toMatchObject({ ok: false, issues: { alt: expect.stringContaining("Steuer- oder Sonderzeichen") } });
    const after = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: imageId } });
    expect([after.alt, after.metadataHash]).toEqual([before.alt, before.metadataHash]);
    expect((await row(release.id)).status).toBe("scheduled");
  });
});

describe("the check counts only for what it read", () => {
  it("an image gone between the reads of release and images, and back before the routing, never gets the check's credit", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { contactEmail: "presse@beispiel.de" } });
    await db.pressReleaseClassification.deleteMany({ where: { pressReleaseId: release.id } });
    const image = await db.pressReleaseImage.create({
      data: {
        pressReleaseId: release.id,
        bytesSha256: "f".repeat(64),
        metadataHash: "e".repeat(64),
        mimeType: "image/jpeg",
        width: 10,
        height: 10,
        sizeBytes: 100,
        displayPath: "x.jpg",
        rulesVersion: "r1",
        formVersion: "v1",
        alt: SPAM.alt,
        customerStatement: SPAM.copyright,
      },
    });
    // The stored fingerprint covers the spam image, as its upload left it.
    const withImage = await currentReviewFingerprint(db, await row(release.id));
    await db.pressRelease.update({ where: { id: release.id }, data: { reviewFingerprint: withImage } });
    // The image is out of what a publication delivers while the check reads the images, and
    // back once the classifier answers: the check saw no image, the fingerprint names it.
    await db.pressReleaseImage.update({ where: { id: image.id }, data: { withheldAt: new Date() } });
    const restoring: TextClassifier = {
      name: "test",
      async classify() {
        await db.pressReleaseImage.update({ where: { id: image.id }, data: { withheldAt: null } });
        return { result: "green", reasons: [], classifier: "test" };
      },
    };
    const outcome = (await runAutomaticReview({ releaseId: release.id, classifier: restoring })).outcome;
    expect(outcome).toBe("discarded");
    await db.pressReleaseImage.update({ where: { id: image.id }, data: { withheldAt: null } });
    // No check credited for the version with the spam image: it is never published unseen.
    expect(
      await db.pressReleaseClassification.count({ where: { pressReleaseId: release.id, reviewFingerprint: withImage, discardedAt: null } }),
    ).toBe(0);
    expect((await row(release.id)).status).toBe("in_review");
    await expect(publishRelease({ releaseId: release.id, actor: KI })).rejects.toBeInstanceOf(StaleClassificationException);
    // The next check reads the release as it is and judges the image.
    while (await workOne()) {
      /* drain the local queue */
    }
    expect((await row(release.id)).status).toBe("rejected");
  });
});
