import { Notice } from "@/components/ui/notice";
import type { LegalRequestDetail } from "@/lib/domains/legal/requests/load-legal-request";

/**
 * A redaction side by side: the preview the requester confirmed (stored with the request) and
 * the release's text as it stands now, with a line saying whether executing now gives exactly
 * the confirmed page. Both are sanitised HTML (the preview is sanitised again before showing).
 */
export function LegalRedactionCompare({ detail }: { detail: LegalRequestDetail }) {
  const { redaction, release } = detail;
  if (!redaction || !release) return null;
  return (
    <section className="panel" aria-labelledby="legal-redaction-heading">
      <h2 id="legal-redaction-heading">Schwärzung: bestätigte Vorschau und aktueller Text</h2>
      {redaction.previewMatches === true ? (
        <Notice tone="success">Die Umsetzung ergibt genau die Vorschau, die der Antragsteller bestätigt hat.</Notice>
      ) : redaction.previewMatches === false ? (
        <Notice tone="warning">
          Der Text hat sich seit dem Antrag geändert: Die Umsetzung wendet die Textstellen auf den aktuellen Text an und weicht von der
          bestätigten Vorschau ab.
        </Notice>
      ) : null}
      <div className="legal-compare">
        <div>
          <h3>Vorschau des Antragstellers</h3>
          {redaction.preview ? (
            <div className="legal-compare-text" dangerouslySetInnerHTML={{ __html: redaction.preview }} />
          ) : (
            <p className="empty">Keine Vorschau gespeichert.</p>
          )}
        </div>
        <div>
          <h3>Aktueller Text</h3>
          <div className="legal-compare-text" dangerouslySetInnerHTML={{ __html: release.body }} />
        </div>
      </div>
    </section>
  );
}
