"use server";

import { refresh } from "next/cache";
import { requireUser } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { arrangeReleaseImages } from "@/lib/domains/release-images/arrange-release-images";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { declarationFormError, declarationFormFields } from "@/lib/domains/images/declaration-form";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";
import { parseRecordId } from "@/lib/core/input/ids";

// Order, cover and removal of a release's images from the release page (the upload goes through
// the route handler beside this file). The domain checks the rights and the release's status,
// and refuses what only the customer states (credit, AI declaration) to staff signed in as them.

const IMAGE_MESSAGES = {
  not_found: "Dieses Bild gibt es nicht (mehr). Laden Sie die Seite neu.",
  conflict: "Die Bilder lassen sich in diesem Status der Pressemitteilung nicht ändern.",
  validation_failed: "Die Reihenfolge passt nicht zu den Bildern der Pressemitteilung. Laden Sie die Seite neu.",
} as const;

/** The ids of a comma-separated field; null when any part is not an id. */
function idList(raw: string): number[] | null {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => parseRecordId(part.trim()));
  return ids.every((id): id is number => id !== null) ? ids : null;
}

// form: order = "12,9,15" (every image, in the new order), cover = an image id or "".
export async function arrangeImagesAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(releaseId);
  const order = idList(formText(form, "order", 400));
  const coverRaw = formText(form, "cover", 12);
  const coverImageId = coverRaw ? parseRecordId(coverRaw) : null;
  if (id === null || !order || (coverRaw && coverImageId === null)) return { ok: false, message: IMAGE_MESSAGES.validation_failed };
  try {
    await arrangeReleaseImages({ releaseId: id, userId: user.id, order, coverImageId });
  } catch (err) {
    return actionError(err, IMAGE_MESSAGES);
  }
  refresh();
  const intent = formText(form, "intent", 20);
  return { ok: true, message: intent === "cover" ? "Titelbild festgelegt." : "Reihenfolge gespeichert." };
}

// form: imageId. A never-published image is deleted entirely; a published one is taken down and kept as evidence.
export async function removeImageAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (parseRecordId(releaseId) === null || imageId === null) return { ok: false, message: IMAGE_MESSAGES.not_found };
  let erased: boolean;
  try {
    ({ erased } = await removeReleaseImage({ imageId, userId: user.id }));
  } catch (err) {
    return actionError(err, IMAGE_MESSAGES);
  }
  refresh();
  return {
    ok: true,
    message: erased ? "Bild gelöscht." : "Bild entfernt. Es ist nicht mehr öffentlich; das Original bleibt als Nachweis gespeichert.",
  };
}

// form: imageId, copyright, alt, ai_declaration, reason. A new og image with the corrected credit.
export async function correctImageAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(releaseId);
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (id === null || imageId === null) return { ok: false, message: IMAGE_MESSAGES.not_found };
  try {
    await correctImageDeclaration({ imageId, releaseId: id, userId: user.id, ...declarationFormFields(form), acting: session });
  } catch (err) {
    return declarationFormError(err, { not_found: IMAGE_MESSAGES.not_found, conflict: IMAGE_MESSAGES.conflict });
  }
  refresh();
  return { ok: true, message: "Bildnachweis korrigiert." };
}
