import Link from "next/link";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { Badge } from "@/components/ui/badge";
import { mailtoHref } from "@/lib/domains/legal/mailto-href";
import type { LegalRequestDetail } from "@/lib/domains/legal/requests/load-legal-request";
import { formatWhen, SOURCE, TRACK } from "./legal-labels";

/** The request as filed: who, about what, why, and what they ask for. */
export function LegalRequestPanel({ detail }: { detail: LegalRequestDetail }) {
  const { request, release, requester } = detail;
  return (
    <section className="panel" aria-labelledby="legal-request-heading">
      <h2 id="legal-request-heading">Anliegen</h2>
      <dl className="facts">
        <dt>Art</dt>
        <dd>{TRACK[request.track]}</dd>
        <dt>Eingang</dt>
        <dd>
          {formatWhen(request.createdAt)} über {SOURCE[request.source]}
        </dd>
        <dt>Von</dt>
        <dd>
          {request.requesterName} (<a href={mailtoHref(request.requesterEmail)}>{request.requesterEmail}</a>)
          {requester ? " · Kundenkonto" : " · ohne Konto"} · schreibt {request.language === "de" ? "Deutsch" : "Englisch"}
        </dd>
        {request.subjectUrl ? (
          <>
            <dt>Genannte Seite</dt>
            <dd className="legal-url">{request.subjectUrl}</dd>
          </>
        ) : null}
        <dt>Pressemitteilung</dt>
        <dd>
          {release ? (
            <>
              {release.publicUrl ? <a href={release.publicUrl}>{release.title}</a> : release.title} <StatusBadge status={release.status} />
              {release.goneAt ? <Badge>Tombstone</Badge> : null}
              {release.deletedAt ? <Badge>Gelöscht</Badge> : null}
              <br />
              <span className="meta">
                Nr. {release.id} · {release.company.name} · {release.portal === "business" ? "Business" : "Tech"},{" "}
                {release.language.toUpperCase()} · <Link href={`/admin/releases/${release.id}`}>Verlauf in der Verwaltung</Link>
              </span>
            </>
          ) : (
            <span className="meta">Keine verknüpft. Bei der Umsetzung nennen Sie die betroffene Pressemitteilung.</span>
          )}
        </dd>
      </dl>
      <h3>Begründung</h3>
      <p className="legal-text">{request.body}</p>
      {request.proposedText ? (
        <>
          <h3>Gewünschter Wortlaut</h3>
          <p className="legal-text">{request.proposedText}</p>
        </>
      ) : null}
      {detail.redaction ? (
        <>
          <h3>Zu entfernende Textstellen</h3>
          <ol className="legal-passages">
            {detail.redaction.passages.map((p) => (
              <li key={p}>
                <q>{p}</q>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
