import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { thumbnailFrame } from "@/lib/domains/images/crop";
import type { ImageResource, ImageStatus, ImageWarning } from "@/lib/domains/images/image-resource";

// The German wording of an image's state for the dashboard and the admin area. The domain speaks
// in codes (API v1 answers them as they are); here each gets a sentence a customer understands.

export const IMAGE_STATUS_LABELS: Record<ImageStatus, string> = {
  public: "Freigegeben",
  removed: "Entfernt",
  withheld: "Zurückgehalten",
  under_review: "Wird geprüft",
  awaiting_owner_confirmation: "Wartet auf Bestätigung der Inhaberin / des Inhabers",
  awaiting_confirmation: "Bildrechte nicht bestätigt",
};

const STATUS_HINTS: Record<ImageStatus, string> = {
  public: "Erscheint mit der Pressemitteilung.",
  removed: "Nicht mehr öffentlich; das Original bleibt als Nachweis gespeichert.",
  withheld: "Von unserem Team zurückgehalten; das Bild erscheint nicht.",
  under_review:
    "Die automatische Vorprüfung hat das Bild zur Prüfung durch unser Team zurückgehalten. Die Pressemitteilung selbst läuft weiter.",
  awaiting_owner_confirmation:
    "Von unserem Team hochgeladen. Es erscheint erst, wenn eine Inhaberin oder ein Inhaber des Newsrooms die Bildrechte bestätigt.",
  awaiting_confirmation: "Für diese Datei fehlt die Bestätigung der Bildrechte; ohne sie erscheint das Bild nicht.",
};

const STATUS_TONES: Record<ImageStatus, BadgeTone> = {
  public: "success",
  removed: "muted",
  withheld: "danger",
  under_review: "warning",
  awaiting_owner_confirmation: "info",
  awaiting_confirmation: "warning",
};

export const AI_DECLARATION_LABELS = {
  without_ai: "Ohne KI entstanden",
  ai_assisted: "Mit KI bearbeitet",
  ai_generated: "Mit KI erzeugt",
} as const;

const PROVENANCE_NOTES: Record<string, string> = {
  ai_generated: "Laut Bilddaten KI-generiert – das Bild wird entsprechend gekennzeichnet.",
  algorithmically_enhanced: "Laut Bilddaten algorithmisch verbessert (nur Hinweis, keine Kennzeichnung).",
  edited: "Laut Bilddaten mit einer Software bearbeitet (nur Hinweis).",
  error: "Die Bilddaten (IPTC, XMP, EXIF) ließen sich nicht lesen.",
};

const PRECHECK_OUTCOMES: Record<string, string> = {
  hint: "Hinweis der Vorprüfung",
  queue: "Zur Prüfung zurückgehalten",
  reject: "Von der Vorprüfung abgelehnt",
  error: "Die Vorprüfung war nicht möglich; das Bild wurde durchgelassen",
};

// Warnings and precheck reasons come with German wording from the domain; these stand in when
// a code arrives without one.
const CODE_FALLBACKS: Record<string, string> = {
  image_under_review: "Das Bild wird vor der Veröffentlichung von uns geprüft; die Pressemitteilung läuft weiter.",
  awaiting_owner_confirmation:
    "Das Bild bleibt verborgen, bis eine Inhaberin oder ein Inhaber des Newsrooms die Rechte per E-Mail-Link bestätigt.",
  precheck_unavailable: "Die automatische Bildprüfung war nicht möglich; das Bild wurde mit einem Vermerk übernommen.",
};

/** The sentence for a warning or reason: the domain's own wording, else a stand-in for its code. */
export function imageCodeText(item: { code: string; message: string }): string {
  return item.message.trim() || CODE_FALLBACKS[item.code] || item.code;
}

/** The upload's warnings as sentences; a queued image leads with "Bild wird geprüft". */
export function warningTexts(warnings: readonly ImageWarning[]): string[] {
  return [...new Set(warnings.map((w) => (w.code === "image_under_review" ? `Bild wird geprüft: ${imageCodeText(w)}` : imageCodeText(w))))];
}

export function ImageStatusBadge({ status }: { status: ImageStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{IMAGE_STATUS_LABELS[status]}</Badge>;
}

/** A thumbnail from a preview route, framed as the portal crops it (focus point, or letterboxed). */
export function ImageThumb({
  src,
  image,
}: {
  src: string;
  image: Pick<ImageResource, "alt" | "width" | "height" | "focusX" | "focusY" | "noCrop">;
}) {
  const frame = thumbnailFrame(image);
  return (
    <div className="image-thumb">
      {/* eslint-disable-next-line @next/next/no-img-element -- a private, session-bound preview; no optimiser in between */}
      <img
        src={src}
        alt={image.alt ?? ""}
        width={image.width}
        height={image.height}
        loading="lazy"
        style={{ objectFit: frame.fit, objectPosition: frame.position }}
      />
    </div>
  );
}

/** Credit, declaration, provenance, precheck and confirmation of one image, as a definition list. */
export function ImageFacts({ image }: { image: ImageResource }) {
  const provenance = image.provenance.finding ? PROVENANCE_NOTES[image.provenance.finding] : undefined;
  const outcome = image.precheck.outcome ? PRECHECK_OUTCOMES[image.precheck.outcome] : undefined;
  return (
    <>
      <p className="image-credit">{image.credit || <span className="meta">Kein Bildnachweis</span>}</p>
      <p className="meta">{STATUS_HINTS[image.status]}</p>
      <dl className="facts image-facts">
        <dt>Beschreibung</dt>
        <dd>{image.alt ?? <span className="meta">keine (Alternativtext fehlt)</span>}</dd>
        <dt>KI-Angabe</dt>
        <dd>{image.aiDeclaration ? AI_DECLARATION_LABELS[image.aiDeclaration] : <span className="meta">keine Angabe</span>}</dd>
        {provenance ? (
          <>
            <dt>Bilddaten</dt>
            <dd>{provenance}</dd>
          </>
        ) : null}
        <dt>Bildrechte</dt>
        <dd>
          {image.confirmation
            ? `bestätigt am ${formatBerlin(new Date(image.confirmation.confirmedAt))} (Text ${image.confirmation.textVersion})`
            : image.formVersion === "v2"
              ? "noch nicht bestätigt"
              : "keine Bestätigung gespeichert (älteres Formular)"}
        </dd>
        <dt>Format</dt>
        <dd>
          {image.width} × {image.height} Pixel{image.noCrop ? " · wird nicht beschnitten" : ""}
        </dd>
      </dl>
      {outcome || image.precheck.reasons.length ? (
        <Notice tone="warning" detail={image.precheck.note}>
          {outcome ?? "Hinweise der Vorprüfung"}
          {image.precheck.reasons.length ? (
            <ul className="reasons">
              {image.precheck.reasons.map((r, i) => (
                <li key={`${r.code}-${i}`}>{imageCodeText(r)}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
    </>
  );
}
