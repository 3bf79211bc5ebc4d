import type { ReviewQueueItem as Item } from "@/lib/adapters/admin/review-queue";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { SITE_NAMES } from "@/lib/domains/sites";
import { ReviewDecision } from "./review-decision";
import { RESULT_TONES } from "@/components/dashboard/review-panel";
import { Badge } from "@/components/ui/badge";

type BoundAction = (releaseId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const WHY = { last_red: "Letzte erlaubte automatische Prüfung war rot", manual_queue: "Zur manuellen Prüfung vorgesehen" } as const;
const RESULT = { red: "rot", yellow: "gelb", green: "grün" } as const;

/** One release waiting for a person: why, every check with all its reasons, all of the release, the decision. */
export function ReviewQueueItem({ item, approve, giveBack }: { item: Item; approve: BoundAction; giveBack: BoundAction }) {
  return (
    <article className="panel" aria-labelledby={`release-${item.id}`}>
      <h2 id={`release-${item.id}`}>{item.title}</h2>
      <p className="meta">
        {item.companyName} · {SITE_NAMES[item.portal]} · {item.language.toUpperCase()} · wartet seit {formatBerlin(item.waitingSince)}
        {item.scheduledAt ? ` · geplant für ${formatBerlin(item.scheduledAt)}` : null}
      </p>
      <p>
        <strong>{WHY[item.reason]}</strong> ({item.automaticAttempts} rote Prüfungen)
      </p>
      {item.checks.length ? (
        <ul className="reasons">
          {item.checks.map((c) => (
            <li key={c.id}>
              Prüfung {c.attempt} ({formatBerlin(c.at)}): <Badge tone={RESULT_TONES[c.result]}>{RESULT[c.result]}</Badge>
              {c.reasons.length ? (
                <ul>
                  {c.reasons.map((r, i) => (
                    <li key={`${r.code}-${i}`}>
                      {r.message}{" "}
                      <span className="meta">
                        ({r.code}, {r.severity === "red" ? "rot" : "gelb"})
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="meta">Keine gültige automatische Prüfung des aktuellen Textes.</p>
      )}
      <section className="review-release" aria-label="Die Pressemitteilung, wie sie erscheinen würde">
        {item.lead ? <p className="lead">{item.lead}</p> : null}
        {item.location ? <p className="meta">Ortsmarke: {item.location}</p> : null}
        {/* Stored sanitised by every entry point (lib/domains/releases/sanitize.ts), as the portal shows it. */}
        <div className="release-body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
        <dl className="facts">
          <dt>Links</dt>
          <dd>
            {item.links.length ? (
              <ul>
                {item.links.map((l, i) => (
                  <li key={i}>
                    „{l.text || "(ohne Text)"}“ → <code>{l.href}</code>
                  </li>
                ))}
              </ul>
            ) : (
              "keine"
            )}
          </dd>
          <dt>Kategorie</dt>
          <dd>{item.category ?? "keine"}</dd>
          <dt>Stichwörter</dt>
          <dd>{item.keywords.length ? item.keywords.join(", ") : "keine"}</dd>
          <dt>Pressekontakt</dt>
          <dd>{[item.contact.name, item.contact.email, item.contact.phone].filter(Boolean).join(" · ") || "keiner"}</dd>
          <dt>Bilder</dt>
          <dd>
            {item.images.length ? (
              <ul>
                {item.images.map((img) => (
                  <li key={img.id}>
                    {img.alt ?? "(ohne Beschreibung)"}
                    {img.credit ? ` – ${img.credit}` : null}
                  </li>
                ))}
              </ul>
            ) : (
              "keine"
            )}
          </dd>
        </dl>
      </section>
      <ReviewDecision
        releaseId={item.id}
        reviewFingerprint={item.reviewFingerprint ?? ""}
        approve={approve.bind(null, item.id)}
        giveBack={giveBack.bind(null, item.id)}
      />
    </article>
  );
}
