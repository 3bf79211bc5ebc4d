import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DashboardRelease } from "@/lib/adapters/dashboard/release-detail";
import { formatBerlin } from "@/lib/core/time/berlin-time";

const RESULTS = { red: "Rot – nicht veröffentlicht", yellow: "Gelb – mit Hinweisen", green: "Grün – unauffällig" } as const;
/** The colours of a check's result, here and in the admin's review queue. */
export const RESULT_TONES = { red: "danger", yellow: "warning", green: "success" } as const satisfies Record<
  keyof typeof RESULTS,
  BadgeTone
>;

/** What the check found: the newest valid check's reasons, the attempt counter and the editors' comments. */
export function ReviewPanel({ data }: { data: Pick<DashboardRelease, "release" | "review" | "attempts" | "comments"> }) {
  const { release, review, attempts, comments } = data;
  return (
    <section className="panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Prüfung</h2>
      {release.status === "in_review" && !release.waitsForPerson ? (
        <p>Die automatische Prüfung läuft. Diese Seite aktualisiert sich von selbst.</p>
      ) : null}
      {release.waitsForPerson ? <p>Die Pressemitteilung liegt der Redaktion zur Entscheidung vor.</p> : null}
      {attempts.used > 0 ? (
        <p>
          <strong>
            Prüfung {attempts.used} von {attempts.max}
          </strong>
          {attempts.used >= attempts.max ? " – weitere Einreichungen prüft die Redaktion persönlich." : null}
        </p>
      ) : null}
      {review ? (
        <>
          <p>
            Ergebnis der letzten Prüfung: <Badge tone={RESULT_TONES[review.result]}>{RESULTS[review.result]}</Badge>{" "}
            <span className="meta">({formatBerlin(review.checkedAt)})</span>
          </p>
          {review.reasons.length ? (
            <ul className="reasons" aria-label="Gründe">
              {review.reasons.map((r, i) => (
                <li key={`${r.code}-${i}`}>
                  {r.message} {r.severity === "yellow" ? <span className="meta">(Hinweis)</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : release.status !== "draft" && release.status !== "in_review" ? null : (
        <p className="meta">Noch keine Prüfung dieses Textes.</p>
      )}
      {comments.length ? (
        <>
          <h3>Kommentare der Redaktion</h3>
          <ul className="reasons">
            {comments.map((c, i) => (
              <li key={i}>
                {c.comment} <span className="meta">({formatBerlin(c.at)})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
