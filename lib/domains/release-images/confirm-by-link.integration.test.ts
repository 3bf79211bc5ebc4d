import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LoginRefusedError } from "@/lib/domains/auth/login/login-errors";
import { signInWithLoginLink } from "@/lib/domains/auth/login/login-link-login";
import { db } from "@/lib/core/db/client";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { uniqueClientIp } from "@/tests/client-addresses";
import { photoJpeg } from "@/tests/image-fixtures";
import { setLimits } from "@/tests/limits";
import { withPageSession } from "@/tests/page-session";
import { seedAdmin, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";

// Whoever holds an image-confirmation mail (forwarded, archived, read over a shoulder) against
// the link: it confirms the one image it names and nothing else; it signs nobody in, not even
// through the sign-in's login-link entry point. The page, its action and the preview run for
// real, without a session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
// The page re-renders after a changed wording; outside Next there is nothing to refresh.
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), refresh: () => {} }));
withPageSession();

let photo: Buffer;
beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-link-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
  photo = await photoJpeg({ width: 800, height: 600 });
});

const form = (bytes: Buffer): ImageUploadForm => ({
  bytes,
  copyright: "Foto: Hafenlicht Archiv",
  rightsConfirmed: true,
  confirmTextVersion: "img-confirm-v1",
  alt: "Brücken",
  aiDeclaration: null,
  focusX: 0.5,
  focusY: 0.5,
  noCrop: false,
});
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );

/** An admin's upload to a published release, and the token of the link the owner was mailed. */
async function mailedConfirmation() {
  const { owner, company } = await seedNewsroom();
  const release = await seedCheckedRelease(company.id, owner.id);
  await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
  const admin = await seedAdmin();
  const { image } = await uploadReleaseImage({
    releaseId: release.id,
    userId: admin.id,
    asAdmin: true,
    form: form(photo),
    ip: null,
    source: "admin",
  });
  const mail = await db.mailOutbox.findFirstOrThrow({
    where: { to: owner.email, mailType: "image_confirmation" },
    orderBy: { id: "desc" },
  });
  const token = /\/images\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
  return { owner, release, image, token, mail };
}

const page = async (token: string) =>
  renderToStaticMarkup(
    (await (await import("@/app/hub/images/confirm/[token]/page")).default({ params: Promise.resolve({ token }) })) as never,
  );
const confirm = async (token: string, checked = true) => {
  const data = new FormData();
  if (checked) data.set("rights_confirmed", "true");
  data.set("confirm_text_version", "img-confirm-v1");
  return (await import("@/app/hub/images/confirm/[token]/actions")).confirmByLinkAction(token, null, data);
};

describe("an image-confirmation link", () => {
  it("signs nobody in: the sign-in's login-link entry point refuses it and leaves it unspent", async () => {
    const { owner, token } = await mailedConfirmation();
    await expect(signInWithLoginLink({ token, client: { ip: uniqueClientIp() } })).rejects.toBeInstanceOf(LoginRefusedError);
    expect(await db.session.count({ where: { userId: owner.id } })).toBe(0);
    expect((await db.magicLink.findFirstOrThrow({ where: { userId: owner.id, purpose: "image_confirmation" } })).usedAt).toBeNull();
    // An older mail's /login/link/{token} is sent on to the confirmation page, not to a sign-in.
    expect(
      await outcome((async () => (await import("@/app/hub/login/link/[token]/page")).default({ params: Promise.resolve({ token }) }))()),
    ).toMatch(new RegExp(`^NEXT_REDIRECT;.*/images/confirm/${token};`));
  });

  it("confirms its one image without a session; afterwards the dashboard still wants a sign-in", async () => {
    const { owner, release, image, token } = await mailedConfirmation();
    const html = await page(token);
    expect(html).toContain("Rechte bestätigen");
    expect(html).toContain(`/images/confirm/${token}/preview`);
    expect(html).toContain("meldet Sie nicht an");

    const preview = await (
      await import("@/app/hub/images/confirm/[token]/preview/route")
    ).GET(new Request(`http://hub.localhost/images/confirm/${token}/preview`), { params: Promise.resolve({ token }) });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");

    expect(await confirm(token, false)).toMatchObject({ ok: false, issues: { rights_confirmed: expect.any(String) } });
    expect(await confirm(token)).toMatchObject({ ok: true });
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } })).ownerConfirmedAt).not.toBeNull();
    expect(await db.imageRightsConfirmation.findFirst({ where: { imageId: image.id }, orderBy: { id: "desc" } })).toMatchObject({
      userId: owner.id,
      source: "owner_confirmation",
    });
    expect((await publicImagesOf(db, [release.id])).get(release.id)?.map((i) => i.id)).toContain(image.id);

    // Nobody was signed in, and the link is spent.
    expect(await db.session.count({ where: { userId: owner.id } })).toBe(0);
    expect(await outcome((async () => (await import("@/app/hub/dashboard/images/confirm/page")).default())())).toMatch(
      /^NEXT_REDIRECT;.*\/login;/,
    );
    expect(await confirm(token)).toMatchObject({
      ok: false,
      message: "Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.",
    });
    expect(await page(token)).toContain("ungültig, abgelaufen oder wurde bereits verwendet");
  });

  it("confirms once when the same link is submitted twice at once", async () => {
    const { image, token } = await mailedConfirmation();
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id, source: "owner_confirmation" } })).toBe(1);
  });

  it("stays usable when the confirmation fails, and is dead for an image removed meanwhile", async () => {
    const { owner, image, token } = await mailedConfirmation();
    const stale = new FormData();
    stale.set("rights_confirmed", "true");
    stale.set("confirm_text_version", "img-confirm-v0");
    expect(await (await import("@/app/hub/images/confirm/[token]/actions")).confirmByLinkAction(token, null, stale)).toMatchObject({
      ok: false,
    });
    expect((await db.magicLink.findFirstOrThrow({ where: { userId: owner.id, purpose: "image_confirmation" } })).usedAt).toBeNull();
    await db.pressReleaseImage.update({ where: { id: image.id }, data: { deletedAt: new Date() } });
    expect(await page(token)).toContain("wartet nicht (mehr) auf Ihre Bestätigung");
    const answer = await confirm(token);
    expect(answer).toMatchObject({ ok: false, message: "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung." });
    // The page is German: the domain's English wording is not shown under the message.
    expect(answer).not.toHaveProperty("detail");
    const preview = await (
      await import("@/app/hub/images/confirm/[token]/preview/route")
    ).GET(new Request(`http://hub.localhost/images/confirm/${token}/preview`), { params: Promise.resolve({ token }) });
    expect(preview.status).toBe(404);
  });
});
