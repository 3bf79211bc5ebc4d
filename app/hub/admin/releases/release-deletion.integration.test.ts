import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { editionFeed } from "@/lib/adapters/public/feeds/feeds";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { legacyView } from "@/lib/adapters/public/legacy-view";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { publicDecision, resetTombstoneIndex } from "@/lib/adapters/public/tombstone-index";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { send } from "@/tests/api-client";
import { seedRelease, seedUser } from "@/tests/factories";
import { photoJpeg } from "@/tests/image-fixtures";
import { setLimits } from "@/tests/limits";
import { signIn, withPageSession } from "@/tests/page-session";
import { historyOf, seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { decideRelease } from "./actions";

// Spec 3.1 "Release | any | full deletion | deleted (404)": staff with press-releases:publish
// delete a release of any status from its admin page (the server action behind a real session
// cookie); afterwards its page, the legacy link, the feed and the API answer 404. Written as the
// attacker too: staff without the permission and the newsroom's own owner change nothing.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

/** What a forbidden() or redirect() of Next threw (its digest), else the answer. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const HOUR = 3_600_000;
const past = new Date(Date.now() - HOUR);

beforeAll(() => setLimits({ IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" }));

describe("full deletion from the admin area", () => {
  it("deletes a release of every status; page, legacy link, feed and API answer 404 afterwards", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { owner, company } = await seedNewsroom();
    const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;
    const states = [
      { status: "draft" },
      { status: "in_review" },
      { status: "rejected" },
      { status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) },
      { status: "published", publishedAt: past, publishedEverAt: past },
      { status: "archived", publishedAt: past, publishedEverAt: past },
      { status: "depublished", publishedAt: past, publishedEverAt: past },
      // Tombstoned: 410 until now.
      { status: "published", publishedAt: past, publishedEverAt: past, goneAt: past, noExport: true, savedNoExport: false },
    ] as const;
    await signIn(editor.id);
    for (const state of states) {
      const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, ...state });
      const done = await outcome(decideRelease(release.id, "delete", null, form({ reason: "Doppelt eingereicht" })));
      expect(done, state.status).toMatch(new RegExp(`^NEXT_REDIRECT;.*/admin/releases\\?geloescht=${release.id};`));

      const row = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
      expect(row.deletedAt).not.toBeNull();
      expect((await historyOf(release.id)).at(-1)).toMatchObject({
        outcome: "deleted",
        reason: "Doppelt eingereicht",
        actorType: "admin",
        actorUserId: editor.id,
      });
      expect(await releasePageData("business", "de", release.slug)).toBeNull();
      expect((await legacyView("business", release.id)).status).toBe(404);
      resetTombstoneIndex();
      expect(await publicDecision("business", { kind: "release", edition: "de", slug: release.slug })).toBeNull();
      expect((await send("GET", `/api/v1/releases/${release.id}`, { token })).status).toBe(404);
      const feed = await editionFeed("business", "de");
      expect(feed.kind === "ok" ? feed.document : "").not.toContain(release.slug);
      expect(await db.pressReleaseSearch.count({ where: { pressReleaseId: release.id } })).toBe(0);
    }
  });

  it("erases the images of a never-published release at once, with originals and confirmations", async () => {
    setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-delete-")) });
    const editor = await seedAdmin(["press-releases:publish"]);
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, status: "in_review" });
    const upload: ImageUploadForm = {
      bytes: await photoJpeg({ width: 640, height: 480 }),
      copyright: "Foto: Beispiel AG",
      rightsConfirmed: true,
      confirmTextVersion: "img-confirm-v1",
      alt: "Werk",
      aiDeclaration: null,
      focusX: 0.5,
      focusY: 0.5,
      noCrop: false,
    };
    const { image } = await uploadReleaseImage({ releaseId: release.id, userId: owner.id, form: upload, ip: null, source: "dashboard" });
    const stored = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } });

    await signIn(editor.id);
    await outcome(decideRelease(release.id, "delete", null, form({ reason: "Auf Wunsch des Kunden" })));
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(0);
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(0);
    expect(await getFileStorage().get(stored.originalPath!)).toBeNull();
    expect(await getFileStorage().get(stored.displayPath)).toBeNull();
  });

  it("as the attacker: staff without press-releases:publish get a form message, the owner a 403; nothing changes", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "published",
      publishedAt: past,
      publishedEverAt: past,
    });
    await signIn((await seedUser({ staffRole: "admin", permissions: ["users:manage", "billing:manage", "companies:write"] })).id);
    expect(await decideRelease(release.id, "delete", null, form({ reason: "Weg damit" }))).toMatchObject({ ok: false, code: "forbidden" });
    await signIn(owner.id);
    expect(await outcome(decideRelease(release.id, "delete", null, form({ reason: "Weg damit" })))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    // The owner's own door still refuses a release that was public (spec: it leaves by archiving or a legal request).
    const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;
    expect((await send("DELETE", `/api/v1/releases/${release.id}`, { token })).status).toBe(409);
    // Without a reason nothing happens either.
    await signIn((await seedAdmin(["press-releases:publish"])).id);
    expect(await decideRelease(release.id, "delete", null, form({ reason: "" }))).toMatchObject({ ok: false });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).deletedAt).toBeNull();
    expect(await releasePageData("business", "de", release.slug)).not.toBeNull();
  });
});
