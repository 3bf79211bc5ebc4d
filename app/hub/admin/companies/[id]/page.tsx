import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CompanyMergePanel } from "@/components/admin/company-merge-preview";
import { CompanyMemberTable, CompanyStateBadges } from "@/components/admin/company-tables";
import { EmailClassificationForm } from "@/components/admin/email-classification-form";
import { CLASSIFICATION_LABEL } from "@/components/admin/email-classification-labels";
import { PORTAL_LABEL } from "@/components/admin/release-labels";
import { ReasonForm } from "@/components/admin/release-reason-form";
import { STATUS_LABELS } from "@/components/dashboard/status-badge";
import { Notice } from "@/components/ui/notice";
import { CompanyBilling } from "@/components/admin/company-billing";
import { loadOwnerBilling } from "@/lib/adapters/admin/owner-billing";
import { PageHeader } from "@/components/ui/page-header";
import { loadAdminCompany } from "@/lib/adapters/admin/company-detail";
import { oneParam, type SearchParams } from "@/lib/adapters/admin/list-query";
import { RELEASE_STATUSES } from "@/lib/adapters/admin/release-search";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { can } from "@/lib/domains/accounts/permissions";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { classifyEmailAction, decideCompany, deleteCompanyAction, previewMerge } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsroom" };

async function load(rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadAdminCompany(id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function AdminCompanyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { user: viewer } = await requireAdmin(ADMIN_SCREENS.companies.permission);
  const { company: c, publicUrls, members, releases, contacts, mergeCandidates, emailClassification } = await load((await params).id);
  const query = await searchParams;
  const showInvoices = can(viewer, ADMIN_SCREENS.payments.permission);
  const ownerBilling = await loadOwnerBilling(
    members.filter((m) => m.role === "owner").map((m) => m.user),
    { withInvoices: showInvoices },
  );
  // A link from the similar-addresses screen fills in the other newsroom; the preview runs only on its button.
  const mergeWith = parseRecordId(oneParam(query, "zusammenfuehren"));
  const done = oneParam(query, "erledigt");
  const moved = Number(oneParam(query, "pm")) || 0;
  const address = [c.addressStreet, [c.addressPostalCode, c.addressCity].filter(Boolean).join(" "), c.addressCountry]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <PageHeader back={{ href: "/admin/companies", label: "Newsrooms" }} title={c.name} />
      <p className="admin-badges">
        <CompanyStateBadges company={c} />
        <span className="meta">
          Nr. {c.id} · {PORTAL_LABEL[c.portal]} · <code>{c.slug}</code>
        </span>
      </p>
      {done === "tombstone" || done === "unmark" ? (
        <Notice tone="success" role="status">
          {done === "tombstone"
            ? `Entfernt, mit ${moved === 1 ? "1 Pressemitteilung" : `${moved} Pressemitteilungen`}. Ihre Seiten melden „dauerhaft entfernt“, sobald die Portale den Stand übernommen haben.`
            : `Entfernung aufgehoben, mit ${moved === 1 ? "1 Pressemitteilung" : `${moved} Pressemitteilungen`}, die mit dem Newsroom entfernt worden waren.`}
        </Notice>
      ) : null}

      <section className="panel" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Angaben</h2>
        <dl className="facts">
          <dt>Firmen-E-Mail</dt>
          <dd>{c.email ?? "–"}</dd>
          <dt>Website</dt>
          <dd>{c.website ?? "–"}</dd>
          <dt>Anschrift</dt>
          <dd>{address || "–"}</dd>
          <dt>Öffentliche Seite</dt>
          <dd>
            {publicUrls.map((u) => (
              <span key={u} className="admin-line">
                <a href={u}>{u}</a>
              </span>
            ))}
          </dd>
          <dt>Aktiv</dt>
          <dd>{c.isActive ? "ja" : c.goneAt && c.savedIsActive ? "nein (wegen der Entfernung; vorher aktiv)" : "nein"}</dd>
          {c.goneAt ? (
            <>
              <dt>Entfernt seit</dt>
              <dd>{formatBerlin(c.goneAt)}</dd>
            </>
          ) : null}
          {c.mergedInto ? (
            <>
              <dt>Zusammengeführt in</dt>
              <dd>
                <Link href={`/admin/companies/${c.mergedInto.id}`}>{c.mergedInto.name}</Link>
              </dd>
            </>
          ) : null}
          {c.mergedFrom.length ? (
            <>
              <dt>Aufgenommen</dt>
              <dd>
                {c.mergedFrom.map((m) => (
                  <span key={m.id} className="admin-line">
                    <Link href={`/admin/companies/${m.id}`}>{m.name}</Link>
                  </span>
                ))}
              </dd>
            </>
          ) : null}
          <dt>Credits</dt>
          <dd>
            {c.credits.toLocaleString("de-DE")}
            {can(viewer, ADMIN_SCREENS.payments.permission) ? (
              <>
                {" · "}
                <Link href={`/admin/payments/credits?newsroom=${c.id}`}>Credits gutschreiben</Link>
              </>
            ) : null}
          </dd>
          <dt>Pressekontakte</dt>
          <dd>{contacts}</dd>
          <dt>Angelegt</dt>
          <dd>{formatBerlin(c.createdAt)}</dd>
          <dt>Zuletzt geändert</dt>
          <dd>{formatBerlin(c.updatedAt)}</dd>
        </dl>
      </section>

      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading">Paket, Kontingent und Rechnungen</h2>
        <p className="meta">Pakete und Kontingent gehören zu den Konten der Inhaber; sie buchen für den Newsroom.</p>
        <CompanyBilling owners={ownerBilling} showInvoices={showInvoices} />
      </section>

      {emailClassification ? (
        <section className="panel" aria-labelledby="classification-heading">
          <h2 id="classification-heading">Einstufung der Firmen-E-Mail</h2>
          <p>
            <code>{emailClassification.email}</code> gilt als <strong>{CLASSIFICATION_LABEL[emailClassification.effective]}</strong>
            {emailClassification.manual ? " (von Hand eingestuft)" : " (berechnet)"}.
          </p>
          <p className="meta">
            Eine Agentur-Adresse macht niemanden zum Pressekontakt eines Newsrooms und fehlt in der Liste ähnlicher Adressen. Die Einstufung
            gilt für die Adresse, also für alle Newsrooms mit ihr, und bleibt bei jeder Neuberechnung.
          </p>
          <EmailClassificationForm action={classifyEmailAction.bind(null, c.id)} manual={emailClassification.manual} />
        </section>
      ) : null}

      <section className="panel" aria-labelledby="releases-heading">
        <h2 id="releases-heading">Pressemitteilungen</h2>
        <p>
          {releases.total === 1 ? "1 Pressemitteilung" : `${releases.total.toLocaleString("de-DE")} Pressemitteilungen`};{" "}
          {releases.everPublished} davon waren schon einmal veröffentlicht
          {releases.tombstoned ? `, ${releases.tombstoned} sind entfernt` : ""}.
        </p>
        {releases.total ? (
          <ul className="admin-counts">
            {RELEASE_STATUSES.filter((s) => releases.byStatus[s]).map((s) => (
              <li key={s}>
                <Link href={`/admin/releases?newsroom=${c.id}&status=${s}`}>
                  {STATUS_LABELS[s]}: {releases.byStatus[s]}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          <Link href={`/admin/releases?newsroom=${c.id}`}>Alle Pressemitteilungen dieses Newsrooms</Link>
        </p>
      </section>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Mitglieder</h2>
        <CompanyMemberTable members={members} />
      </section>

      <section className="panel" aria-labelledby="merge-heading">
        <h2 id="merge-heading">Zusammenführen (Vorschau)</h2>
        <p className="meta">
          Zwei Einträge derselben Firma mit derselben Firmen-E-Mail werden zu einem Newsroom. Die Vorschau rechnet die Zusammenführung
          vollständig durch und nimmt sie zurück; ausgeführt wird sie auf der Konsole.
        </p>
        <p className="meta">
          Newsrooms mit fast gleicher Adresse: <Link href="/admin/companies/similar">Ähnliche Adressen</Link>.
        </p>
        <CompanyMergePanel
          candidates={mergeCandidates}
          action={previewMerge.bind(null, c.id)}
          initialOther={mergeWith !== null && mergeWith !== c.id ? String(mergeWith) : ""}
        />
      </section>

      <section className="panel" aria-labelledby="decisions-heading">
        <h2 id="decisions-heading">Entscheidungen</h2>
        <p className="meta">
          Eine Entfernung nimmt den Newsroom und alle seine Pressemitteilungen aus den Portalen (ihre Seiten melden Suchmaschinen „dauerhaft
          entfernt“); die Aufhebung stellt genau die wieder her, die mit ihm entfernt wurden. Eine Löschung macht ihn überall unauffindbar,
          auch für sein Team; seine Daten bleiben gespeichert.
        </p>
        {c.goneAt ? (
          <ReasonForm
            id="company-unmark"
            action={decideCompany.bind(null, c.id, "unmark")}
            label="Entfernung aufheben"
            subject={c.name}
            reasonLabel="Grund für die Rücknahme"
            confirmText="Der Newsroom und die mit ihm entfernten Pressemitteilungen erscheinen wieder. Fortfahren?"
          />
        ) : (
          <ReasonForm
            id="company-tombstone"
            action={decideCompany.bind(null, c.id, "tombstone")}
            label="Newsroom dauerhaft entfernen"
            subject={c.name}
            reasonLabel="Grund der Entfernung (steht im Aktivitätsprotokoll)"
            confirmText={`Der Newsroom und alle ${releases.total} Pressemitteilungen werden aus den Portalen genommen; ihre Seiten melden Suchmaschinen „dauerhaft entfernt“. Fortfahren?`}
            variant="danger"
          />
        )}
        {c.mergedInto ? null : (
          <ReasonForm
            id="company-delete"
            action={deleteCompanyAction.bind(null, c.id)}
            label="Newsroom löschen"
            subject={c.name}
            reasonLabel="Grund der Löschung (steht im Aktivitätsprotokoll)"
            confirmText="Der Newsroom wird gelöscht: Seine Seite und die Seiten seiner Pressemitteilungen sind nicht mehr auffindbar, das Team sieht ihn nicht mehr. Pressemitteilungen in Prüfung oder mit Termin gehen zurück in den Entwurf. Die Daten bleiben gespeichert. Fortfahren?"
            variant="danger"
          />
        )}
      </section>
    </>
  );
}
