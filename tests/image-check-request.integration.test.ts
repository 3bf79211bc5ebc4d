import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { photoJpeg } from "./image-fixtures";
import { setLimits } from "./limits";

// An image change stores the image and asks for the release's check after the commit. When the
// job queue refuses that request (Inngest unreachable, the queue table locked), the client still
// gets its stored image (a 500 would make it upload the same image again), and the check sweep
// asks for the check later (docs/release-lifecycle.md, "The check sweep").

const queue = vi.hoisted(() => ({ down: false }));
vi.mock("@/lib/core/jobs/dispatch", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/core/jobs/dispatch")>();
  return {
    ...real,
    dispatchJob: (...args: Parameters<typeof real.dispatchJob>) =>
      queue.down ? Promise.reject(new Error("job queue unreachable")) : real.dispatchJob(...args),
  };
});

const MINUTE = 60_000;
let photo: Buffer;

// The test setup already loaded the release reactions, and with them the modules that request a
// check, before this file's mock existed: they are loaded afresh, so they see the mock.
vi.resetModules();
const { createApiToken } = await import("@/lib/domains/api-tokens/tokens");
const { correctImageDeclaration } = await import("@/lib/domains/release-images/correct-image-declaration");
const { sweepReviews } = await import("@/lib/domains/review/sweep-reviews");
const { sendForm } = await import("./api-client");
const { seedCheckedRelease, seedNewsroom } = await import("./release-fixtures");

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-check-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
  photo = await photoJpeg({ width: 800, height: 600 });
});

function imageForm() {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "bild.jpg");
  for (const [k, v] of Object.entries({
    copyright: "Foto: Anna Beispiel",
    alt: "Das neue Werk",
    rights_confirmed: "true",
    confirm_text_version: "img-confirm-v1",
  }))
    form.set(k, v);
  return form;
}
const reviewJobs = (id: number) => db.jobQueue.count({ where: { name: "release/review", payload: { equals: { releaseId: id } } } });

describe("an image change while the job queue is down", () => {
  it("answers 201 with the stored image (no duplicate on retry); the sweep asks for the check later", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, {
      data: { status: "scheduled", scheduledAt: new Date(Date.now() + 60 * MINUTE) },
    });
    const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;

    queue.down = true;
    const res = await sendForm("POST", `/api/v1/releases/${release.id}/images`, { token, form: imageForm() });
    expect(res.status).toBe(201);
    const imageId = (await res.json()).data.id as number;
    // A correction while the queue is still down: stored as well.
    await expect(
      correctImageDeclaration({ userId: owner.id, imageId, customerStatement: "Foto: Anna Beispiel, Berlin" }),
    ).resolves.toMatchObject({ id: imageId });
    queue.down = false;

    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(1);
    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(after.status).toBe("in_review");
    expect(await reviewJobs(release.id)).toBe(0);

    const run = await sweepReviews(new Date(Date.now() + 20 * MINUTE));
    expect(run.requested).toContain(release.id);
    expect(await reviewJobs(release.id)).toBe(1);
  });
});
