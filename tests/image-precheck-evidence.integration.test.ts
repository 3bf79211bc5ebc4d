import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmRightsAction } from "@/app/hub/dashboard/images/confirm/actions";
import { db } from "@/lib/core/db/client";
import { runPendingArchiveJobs } from "@/lib/domains/evidence/pending-jobs";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { runCommand as run } from "./console-run";
import { photoJpeg } from "./image-fixtures";
import { seedPublishedRelease } from "./legal-request-fixtures";
import { setLimits } from "./limits";
import { signIn, withPageSession } from "./page-session";
import { seedAdmin } from "./release-fixtures";

// Spec 2.4: "precheck* columns, precheck_snapshot: the snapshot is part of the confirmation
// record". An admin uploads an image the precheck looked at; the owner confirms its rights on
// /dashboard/images/confirm. The confirmation carries the snapshot, the signed archive entry of
// the confirmation carries it, and the release's evidence export contains it and verifies.

vi.mock("next/headers", async () => (await import("./page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pd-precheck-evidence-"));
  setLimits({
    STORAGE_DIR: join(dir, "storage"),
    IMAGE_PRECHECK: "true",
    IMAGE_PRECHECK_STAGE: "2",
    IMAGE_RIGHTS_V2: "false",
    ARCHIVE_SIGNING_KEY: randomBytes(32).toString("base64"),
    ARCHIVE_SIGNING_KEY_ID: "precheck-key",
  });
});
afterAll(() => setLimits({ IMAGE_PRECHECK: undefined, IMAGE_PRECHECK_STAGE: undefined }));

const confirmForm = () => {
  const f = new FormData();
  f.set("rights_confirmed", "true");
  f.set("confirm_text_version", "img-confirm-v1");
  return f;
};

describe("the image precheck snapshot in the confirmation record", () => {
  it("is carried by the owner's confirmation, its signed archive entry and the release's evidence export", async () => {
    const { owner, release } = await seedPublishedRelease();
    const admin = await seedAdmin();
    const { image } = await uploadReleaseImage({
      releaseId: release.id,
      userId: admin.id,
      asAdmin: true,
      ip: null,
      source: "admin",
      form: {
        bytes: await photoJpeg(),
        copyright: "Foto: Beispiel AG",
        rightsConfirmed: true,
        confirmTextVersion: "img-confirm-v1",
        alt: null,
        aiDeclaration: null,
        focusX: 0.5,
        focusY: 0.5,
        noCrop: false,
      },
    });
    const { precheckSnapshot, bytesSha256 } = await db.pressReleaseImage.findUniqueOrThrow({
      where: { id: image.id },
      select: { precheckSnapshot: true, bytesSha256: true },
    });
    expect(precheckSnapshot).toMatchObject({ analyser: "embedded", contentHash: bytesSha256 });

    await signIn(owner.id);
    expect(await confirmRightsAction(image.id, null, confirmForm())).toMatchObject({ ok: true });
    const confirmation = await db.imageRightsConfirmation.findFirstOrThrow({ where: { imageId: image.id, source: "owner_confirmation" } });
    expect(confirmation.precheckSnapshot).toEqual(precheckSnapshot);

    // The image went public with its release: the archive job signs the confirmation with it.
    await runPendingArchiveJobs({});
    const entries = await db.archiveEntry.findMany({
      where: { subjectType: "press_release_image", subjectId: image.id, kind: "rights_confirmation" },
    });
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const e of entries) expect((e.payload as Record<string, unknown>)["precheckSnapshot"]).toEqual(precheckSnapshot);

    const exported = await run("archive:export", String(release.id));
    expect(exported.code).toBe(0);
    const text = (await getFileStorage().get(exported.out[0]!))!.bytes.toString("utf8");
    const doc = JSON.parse(text) as {
      document: { images: { id: number; precheckSnapshot: unknown }[]; entries: { kind: string; payload: Record<string, unknown> }[] };
    };
    expect(doc.document.images.find((i) => i.id === image.id)?.precheckSnapshot).toEqual(precheckSnapshot);
    const signed = doc.document.entries.find((e) => e.kind === "rights_confirmation" && e.payload["confirmationId"] === confirmation.id);
    expect(signed?.payload["precheckSnapshot"]).toEqual(precheckSnapshot);
    expect(await run("archive:verify-export", exported.out[0]!)).toMatchObject({
      code: 0,
      out: [expect.stringMatching(/^valid: signed with key precheck-key, \d+ entries verified$/)],
    });

    // The snapshot is signed: an export whose snapshot was edited does not verify.
    const file = join(dir, "edited.json");
    await writeFile(file, text.replace(/"outcome": "[a-z]+"/, '"outcome": "reject"'));
    expect(await readFile(file, "utf8")).not.toBe(text);
    expect((await run("archive:verify-export", file)).code).toBe(1);
  });
});
