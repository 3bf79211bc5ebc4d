import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { actionError } from "@/lib/core/forms/action-result";
import { db } from "@/lib/core/db/client";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { listReleaseImages } from "@/lib/domains/release-images/list-release-images";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { unique } from "@/tests/factories";
import { photoJpeg } from "@/tests/image-fixtures";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { EMPTY_RELEASE_FORM, type ReleaseFormValues } from "./release-rules";
import { saveDashboardRelease } from "./save-dashboard-release";

// The release form's save as the server action runs it: every refused field in one answer, and
// a new release saved as a draft for its first image, which the form's later saves then go into.

let photo: Buffer;
beforeAll(async () => {
  photo = await photoJpeg({ width: 800, height: 600 });
});

async function setup() {
  const { owner, company } = await seedNewsroom();
  const category = await db.category.create({ data: { portal: "business", slug: unique("cat"), nameDe: "Wirtschaft", nameEn: "Economy" } });
  const values = (over: Partial<ReleaseFormValues> = {}): ReleaseFormValues => ({
    ...EMPTY_RELEASE_FORM,
    companyId: String(company.id),
    portal: "business",
    categoryId: String(category.id),
    title: `Werk ${unique("w")} eröffnet in Cottbus`,
    body: GOOD_BODY,
    location: "Cottbus",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.example",
    aiDeclaration: "without_ai",
    ...over,
  });
  return { owner, company, values };
}

/** The refusal as the form receives it (the server action's actionError). */
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  return actionError(err);
}

describe("a refused save names every field at once", () => {
  it("category, AI declaration and a short body are reported together, each in German at its field", async () => {
    const { owner, company, values } = await setup();
    const answer = await refusal(
      saveDashboardRelease({
        userId: owner.id,
        values: values({ categoryId: "", aiDeclaration: "", body: "<p>Zu kurz.</p>" }),
        submit: true,
      }),
    );
    expect(answer).toMatchObject({ ok: false, code: "validation_failed", message: "Bitte prüfen Sie die markierten Felder." });
    expect(answer.issues).toEqual({
      categoryId: "Bitte wählen Sie eine Kategorie.",
      aiDeclaration: "Bitte geben Sie an, ob und wie KI beim Text geholfen hat.",
      body: "Der Text braucht mindestens 150 Zeichen (jetzt 8).",
    });
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("rules that need the database come in the same answer as the form's own", async () => {
    const { owner, values } = await setup();
    const answer = await refusal(
      saveDashboardRelease({
        userId: owner.id,
        values: values({ title: "Kurz", scheduledAt: "2020-01-01T10:00" }),
        submit: false,
      }),
    );
    // The title is the form's rule; a time in the past only the write knows (it compares with the stored one).
    expect(answer.issues).toEqual({
      title: expect.stringContaining("Überschrift"),
      scheduledAt: "Der Veröffentlichungszeitpunkt muss in der Zukunft liegen.",
    });
  });
});

describe("a new release saved for its first image", () => {
  it("becomes a draft the image goes to; the form's later saves with its key go into that draft, not a second one", async () => {
    const { owner, company, values } = await setup();
    const newReleaseKey = randomUUID();
    const typed = values();
    // Choosing the first image: the form is saved as it stands, as a draft.
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, newReleaseKey, values: typed, submit: false });
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).toMatchObject({
      status: "draft",
      title: typed.title,
      location: "Cottbus",
    });

    const confirm = await currentConfirmText();
    const form: ImageUploadForm = {
      bytes: photo,
      copyright: "Foto: Beispiel AG",
      rightsConfirmed: true,
      confirmTextVersion: confirm.key,
      alt: "Das neue Werk",
      aiDeclaration: "without_ai",
      focusX: 0.5,
      focusY: 0.5,
      noCrop: false,
    };
    await uploadReleaseImage({ releaseId, userId: owner.id, form, ip: null, source: "dashboard" });

    // Typed on while the image went up: the next save (autosave or "Speichern") lands in the same draft.
    const later = values({ title: typed.title, body: `${GOOD_BODY}<p>Ein Nachtrag nach dem Bild.</p>` });
    const again = await saveDashboardRelease({ userId: owner.id, newReleaseKey, values: later, submit: false });
    expect(again.releaseId).toBe(releaseId);
    await saveDashboardRelease({ userId: owner.id, releaseId, values: { ...later, lead: "Mit Vorspann." }, submit: false, autosave: true });

    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(1);
    const saved = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
    expect(saved.body).toContain("Ein Nachtrag nach dem Bild.");
    expect(saved.lead).toBe("Mit Vorspann.");
    expect((await listReleaseImages({ releaseId, userId: owner.id })).map((i) => i.alt)).toEqual(["Das neue Werk"]);
  });

  it("an incomplete form saves nothing, so no half-empty draft appears in the list", async () => {
    const { owner, company, values } = await setup();
    const answer = await refusal(
      saveDashboardRelease({ userId: owner.id, newReleaseKey: randomUUID(), values: values({ categoryId: "" }), submit: false }),
    );
    expect(answer.issues).toEqual({ categoryId: "Bitte wählen Sie eine Kategorie." });
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });
});
