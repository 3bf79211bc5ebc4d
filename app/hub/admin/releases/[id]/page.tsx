import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReleaseHistoryTable, ReleaseLegalRequests } from "@/components/admin/release-history-table";
import { LegalWithdrawalNote } from "@/components/admin/release-legal-withdrawal-note";
import { LANGUAGE_LABEL, PORTAL_LABEL, RELEASE_ACTION_TEXT, SOURCE_LABEL } from "@/components/admin/release-labels";
import { ReasonForm } from "@/components/admin/release-reason-form";
import { GoneBadge } from "@/components/admin/release-table";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { can, type StaffUser } from "@/lib/domains/accounts/permissions";
import { isReleaseAdminAction, type ReleaseAdminAction } from "@/lib/adapters/admin/release-actions";
import { loadAdminRelease } from "@/lib/adapters/admin/release-detail";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { IndexStatusPanel } from "@/components/admin/index-status-panel";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { ReleaseArticleView } from "@/components/portal/release-article-view";
import { PageHeader } from "@/components/ui/page-header";
import { latestIndexChecks } from "@/lib/adapters/public/seo/index-inspection/release-index-status";
import { latestIndexNowPings } from "@/lib/adapters/public/seo/indexnow/release-pings";
import { ActionButton } from "@/components/ui/action-button";
import { automaticCheckWait } from "@/lib/domains/review/request-check-again";
import { decideRelease, requestCheck } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pressemitteilung" };

/** What the page says after a decision redirected here (only known decisions are echoed). */
const DONE: Record<ReleaseAdminAction | "check", string> = {
  check: "Die automatische Prüfung ist neu angefordert. Ihr Ergebnis steht in wenigen Minuten in der Historie.",
  tombstone:
    "Entfernt. Die öffentliche Seite meldet „dauerhaft entfernt“, sobald die Portale den Stand übernommen haben (wenige Sekunden).",
  unmark: "Entfernung aufgehoben. Die Pressemitteilung ist wieder in ihrem vorherigen Zustand.",
  depublish: "Depubliziert.",
  republish: "Wieder veröffentlicht.",
  archive: "Archiviert.",
  unarchive: "Aus dem Archiv geholt und wieder veröffentlicht.",
  delete: "Endgültig gelöscht.",
};

async function load(rawId: string, viewer: StaffUser) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadAdminRelease(id, viewer);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function AdminReleasePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ erledigt?: string | string[] }>;
}) {
  const { user } = await requireAdmin(ADMIN_SCREENS.releases.permission);
  const {
    release: r,
    publicUrl,
    history,
    historyCut,
    imageCount,
    removedImageCount,
    legalRequests,
    legalWithdrawal,
    actions,
  } = await load((await params).id, user);
  const done = (await searchParams).erledigt;
  const checkWait = await automaticCheckWait(r.id);
  const overdue = checkWait === "overdue";
  const indexChecks = await latestIndexChecks({ releaseId: r.id });
  const indexNowPings = await latestIndexNowPings({ releaseId: r.id });
  return (
    <>
      <PageHeader back={{ href: "/admin/releases", label: "Pressemitteilungen" }} title={r.title} />
      <p className="admin-badges">
        <StatusBadge status={r.status} />
        <GoneBadge at={r.goneAt} />
        {r.company.goneAt ? (
          <Badge tone="danger" className="badge-gone">
            Newsroom entfernt
          </Badge>
        ) : null}
        <span className="meta">
          Nr. {r.id} · {PORTAL_LABEL[r.portal]} · {LANGUAGE_LABEL[r.language]}
        </span>
      </p>
      {checkWait !== "none" ? (
        <Notice tone="warning">
          <p>
            Wartet seit {formatBerlin(r.updatedAt)} auf die automatische Prüfung.
            {overdue
              ? " Das ist länger als vorgesehen: Die Hintergrundaufgaben fordern sie sonst von selbst neu an."
              : " Sie läuft normalerweise innerhalb weniger Minuten."}
          </p>
          {overdue ? <ActionButton action={requestCheck.bind(null, r.id)} label="Prüfung neu anfordern" /> : null}
        </Notice>
      ) : null}
      {typeof done === "string" && (isReleaseAdminAction(done) || done === "check") ? (
        <Notice tone="success" role="status">
          {DONE[done]}
        </Notice>
      ) : null}

      <section aria-labelledby="text-heading">
        <h2 id="text-heading">Text, wie das Portal ihn zeigt</h2>
        {publicUrl ? (
          <p className="meta">
            Öffentlich unter <a href={publicUrl}>{publicUrl}</a>
          </p>
        ) : null}
        {/* The portal's own renderer; the body is stored sanitised by every entry point (lib/domains/releases/sanitize.ts). */}
        <div className="admin-release-text release-preview-page" lang={r.language}>
          <ReleaseArticleView
            release={{
              title: r.title,
              lead: r.lead,
              location: r.location,
              body: r.body,
              contactName: r.contactName,
              contactEmail: r.contactEmail,
              contactPhone: r.contactPhone,
            }}
            edition={r.language}
            publishedAt={r.publishedAt ?? r.scheduledAt ?? r.createdAt}
            newsroom={{ name: r.company.name }}
            category={r.category ? { name: r.language === "en" ? (r.category.nameEn ?? r.category.nameDe) : r.category.nameDe } : null}
            headingLevel={2}
          />
          {r.boilerplate ? <p className="meta">{r.boilerplate}</p> : null}
        </div>
        <dl className="facts">
          <dt>Stichwörter</dt>
          <dd>{r.keywords.length ? r.keywords.join(", ") : "keine"}</dd>
        </dl>
      </section>

      <section className="panel" aria-labelledby="decisions-heading">
        <h2 id="decisions-heading">Entscheidungen</h2>
        <p className="meta">Jede Entscheidung braucht einen Grund; er steht in der Historie und im Aktivitätsprotokoll.</p>
        {legalWithdrawal ? (
          <LegalWithdrawalNote withdrawal={legalWithdrawal} depublished={r.status === "depublished" && !r.goneAt} />
        ) : null}
        <div className="admin-decisions">
          {actions.map((action) => {
            const text = RELEASE_ACTION_TEXT[action];
            return (
              <ReasonForm
                key={action}
                id={`release-${action}`}
                action={decideRelease.bind(null, r.id, action)}
                label={text.label}
                subject={r.title}
                reasonLabel={text.reasonLabel}
                confirmText={text.confirm}
                variant={text.variant}
              />
            );
          })}
        </div>
      </section>

      <section className="panel" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Angaben</h2>
        <dl className="facts">
          <dt>Newsroom</dt>
          <dd>
            <Link href={`/admin/companies/${r.company.id}`}>{r.company.name}</Link>
          </dd>
          <dt>Verfasst von</dt>
          <dd>{r.author ? <Link href={`/admin/users/${r.author.id}`}>{`${r.author.name} (${r.author.email})`}</Link> : "–"}</dd>
          <dt>Eingereicht über</dt>
          <dd>{SOURCE_LABEL[r.source]}</dd>
          <dt>Kategorie</dt>
          <dd>{r.category ? <Link href={`/admin/categories/${r.category.id}`}>{r.category.nameDe}</Link> : "keine"}</dd>
          <dt>Öffentliche Adresse</dt>
          <dd>{publicUrl ? <a href={publicUrl}>{publicUrl}</a> : "noch nie veröffentlicht"}</dd>
          <dt>Angelegt</dt>
          <dd>{formatBerlin(r.createdAt)}</dd>
          <dt>Veröffentlicht</dt>
          <dd>
            {formatBerlin(r.publishedAt)}
            {r.publishedEverAt ? <span className="meta"> · erstmals {formatBerlin(r.publishedEverAt)}</span> : null}
          </dd>
          {r.scheduledAt ? (
            <>
              <dt>Geplant für</dt>
              <dd>{formatBerlin(r.scheduledAt)}</dd>
            </>
          ) : null}
          {r.goneAt ? (
            <>
              <dt>Entfernt seit</dt>
              <dd>{formatBerlin(r.goneAt)}</dd>
            </>
          ) : null}
          <dt>Text zuletzt geändert</dt>
          <dd>{formatBerlin(r.contentChangedAt)}</dd>
          <dt>Aufrufe</dt>
          <dd>{r.hits.toLocaleString("de-DE")}</dd>
          <dt>Export</dt>
          <dd>{r.noExport ? `gesperrt${r.goneAt && r.savedNoExport === false ? " (wegen der Entfernung; vorher frei)" : ""}` : "frei"}</dd>
          <dt>Automatische Prüfungen</dt>
          <dd>
            {r.automaticAttempts}
            {r.manualReviewRequiredAt ? ` · Prüfung durch die Redaktion verlangt seit ${formatBerlin(r.manualReviewRequiredAt)}` : ""}
          </dd>
          {r.canonicalPressReleaseId ? (
            <>
              <dt>Erstquelle</dt>
              <dd>
                <Link href={`/admin/releases/${r.canonicalPressReleaseId}`}>Nr. {r.canonicalPressReleaseId}</Link>
              </dd>
            </>
          ) : null}
          {r.paidChangeUsedAt ? (
            <>
              <dt>Bezahlte Änderung</dt>
              <dd>{formatBerlin(r.paidChangeUsedAt)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className="panel" aria-labelledby="images-heading">
        <h2 id="images-heading">Bilder und Nachweise</h2>
        <p>
          {imageCount === 1 ? "1 Bild" : `${imageCount} Bilder`}
          {removedImageCount ? `, davon ${removedImageCount} entfernt` : ""}. Originale und veröffentlichte Fassungen öffnen Sie dort mit
          angegebenem Zweck; jeder Zugriff steht mit Person und Zweck im Aktivitätsprotokoll.
        </p>
        <p>
          <LinkButton variant="secondary" href={`/admin/releases/${r.id}/images`}>
            Bilder und Nachweise öffnen
          </LinkButton>
        </p>
      </section>

      <section className="panel" aria-labelledby="legal-heading">
        <h2 id="legal-heading">Rechtliche Anliegen</h2>
        <ReleaseLegalRequests requests={legalRequests} />
        {legalRequests.length && can(user, ADMIN_SCREENS.legal.permission) ? (
          <p>
            <Link href={ADMIN_SCREENS.legal.href}>Zu den rechtlichen Anliegen</Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Historie</h2>
        <ReleaseHistoryTable entries={history} />
        {historyCut ? <p className="meta">Die neuesten {history.length} Einträge.</p> : null}
      </section>

      <TechnicalDetails>
        <dl className="facts">
          <dt>Adresskürzel</dt>
          <dd>
            <code>{r.slug}</code>
          </dd>
        </dl>
        <IndexStatusPanel checks={indexChecks} pings={indexNowPings} />
      </TechnicalDetails>
    </>
  );
}
