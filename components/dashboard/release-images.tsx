import type { ActionResult } from "@/lib/core/forms/action-result";
import type { ImageResource } from "@/lib/domains/images/image-resource";
import { MAX_IMAGES_PER_RELEASE } from "@/lib/domains/images/variants";
import { ImageUploadForm } from "./image-upload-form";
import { ReleaseImagesList } from "./release-images-list";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The "Bilder" section of a release page: the images with their state, and while the release
 * can be edited, cover, order, removal and the upload form.
 */
export function ReleaseImages({
  releaseId,
  images,
  editable,
  inReview = false,
  confirmText,
  maxBytes,
  arrange,
  remove,
  correct,
}: {
  releaseId: number;
  /** In review or scheduled: an image change sends it back to its check (docs/images.md). */
  inReview?: boolean;
  /** Null: this person may not see the release's images. */
  images: ImageResource[] | null;
  editable: boolean;
  confirmText: { key: string; body: string } | null;
  maxBytes: number;
  arrange: Action;
  remove: Action;
  correct: Action;
}) {
  if (images === null) return null;
  const full = images.length >= MAX_IMAGES_PER_RELEASE;
  return (
    <section className="release-images" aria-labelledby="images-heading">
      <h2 id="images-heading">Bilder</h2>
      {editable && inReview ? (
        <p className="meta">
          Bilder gehören zur Prüfung: Ein neues oder entferntes Bild und jede Änderung an Bildnachweis, Beschreibung oder KI-Angabe schickt
          die Pressemitteilung erneut in die Prüfung. Eine geplante Veröffentlichung wartet, bis sie wieder freigegeben ist; die Reihenfolge
          und das Titelbild können Sie ohne neue Prüfung ändern.
        </p>
      ) : null}
      {images.length ? (
        <ReleaseImagesList releaseId={releaseId} images={images} canManage={editable} arrange={arrange} remove={remove} correct={correct} />
      ) : (
        <p className="empty">Diese Pressemitteilung hat noch keine Bilder.</p>
      )}
      {editable && confirmText ? (
        full ? (
          <p className="meta">
            Eine Pressemitteilung kann höchstens {MAX_IMAGES_PER_RELEASE} Bilder haben. Entfernen Sie ein Bild, um ein weiteres hochzuladen.
          </p>
        ) : (
          <div className="panel image-upload-panel">
            <h3>Bild hinzufügen</h3>
            <p className="meta">
              Noch {MAX_IMAGES_PER_RELEASE - images.length} von {MAX_IMAGES_PER_RELEASE} Bildern möglich.
            </p>
            <ImageUploadForm endpoint={`/dashboard/releases/${releaseId}/images/upload`} confirmText={confirmText} maxBytes={maxBytes} />
          </div>
        )
      ) : images.length ? null : (
        <p className="meta">Bilder lassen sich hinzufügen, solange die Pressemitteilung bearbeitet werden kann.</p>
      )}
    </section>
  );
}

const DRAFT_STATE_TEXTS = {
  unsaved:
    "Sobald Sie ein Bild auswählen, speichern wir die Pressemitteilung als Entwurf und hängen das Bild daran an. Dafür müssen die Angaben oben vollständig sein.",
  blocked:
    "Der Entwurf ist noch nicht gespeichert: Bitte ergänzen Sie die oben aufgeführten Angaben. Das gewählte Bild bleibt so lange ausgewählt.",
  saved: "Entwurf gespeichert. Das Bild wird an ihn angehängt.",
} as const;

/**
 * The "Bilder" section of a release not saved yet. An image belongs to a saved release, so the
 * first chosen image saves the form as a draft, and the upload goes to that draft: `saveDraft`
 * answers its id, or null when the form's rules refuse (the form says why, the image waits).
 */
export function NewReleaseImages({
  saveDraft,
  onChosen,
  state,
  onUploaded,
  confirmText,
  maxBytes,
}: {
  saveDraft: () => Promise<number | null>;
  onChosen: () => void;
  state: keyof typeof DRAFT_STATE_TEXTS;
  onUploaded: () => void;
  confirmText: { key: string; body: string };
  maxBytes: number;
}) {
  return (
    <section className="release-images" aria-labelledby="images-heading">
      <h2 id="images-heading">Bilder</h2>
      <p className="meta" role="status">
        {DRAFT_STATE_TEXTS[state]}
      </p>
      <div className="panel image-upload-panel">
        <h3>Bild hinzufügen</h3>
        <p className="meta">Bis zu {MAX_IMAGES_PER_RELEASE} Bilder möglich.</p>
        <ImageUploadForm
          endpoint={async () => {
            const id = await saveDraft();
            return id ? `/dashboard/releases/${id}/images/upload` : null;
          }}
          onChosen={onChosen}
          onUploaded={onUploaded}
          confirmText={confirmText}
          maxBytes={maxBytes}
        />
      </div>
    </section>
  );
}
