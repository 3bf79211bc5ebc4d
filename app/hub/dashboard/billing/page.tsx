import type { Metadata } from "next";
import Link from "next/link";
import { ActionButton } from "@/components/ui/action-button";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { requireUser } from "@/lib/domains/auth/session";
import { loadBillingOverview, type AgreementView } from "@/lib/domains/billing/billing-overview";
import { CREDIT_PACKS, PLANS, VAT_RATE_PERCENT } from "@/lib/domains/prices/catalog";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import { bookPlan, buyCredits, managePaymentMethod } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Abrechnung" };

const STATUS: Record<string, string> = { active: "aktiv", past_due: "Zahlung offen", cancelled: "beendet", on_hold: "pausiert" };
const STATUS_TONES: Record<string, BadgeTone> = { active: "success", past_due: "warning", cancelled: "muted", on_hold: "warning" };
const INVOICE_STATUS: Record<string, string> = {
  open: "offen",
  paid: "bezahlt",
  void: "storniert",
  uncollectible: "uneinbringlich",
  draft: "Entwurf",
};
const BOOST_STATE: Record<string, string> = { running: "läuft", ended: "beendet", cancelled: "storniert", upcoming: "geplant" };
const day = formatBerlinDay;

function AgreementPanel({ a }: { a: AgreementView }) {
  return (
    <div className="panel">
      <h3>
        Paket {a.planName} <Badge tone={STATUS_TONES[a.status] ?? "neutral"}>{STATUS[a.status] ?? a.status}</Badge>
      </h3>
      <dl className="facts">
        <dt>Veröffentlichungen</dt>
        <dd>{a.monthlyReleaseQuota} im Kalendermonat</dd>
        <dt>API-Zugang</dt>
        <dd>{a.apiAccess ? "ja" : "nein"}</dd>
        <dt>Preis</dt>
        <dd>
          {formatEuro(a.priceCents)} netto im Monat ({a.provider === "stripe" ? "Kartenzahlung" : "Überweisung auf Rechnung"})
        </dd>
        {a.periodEnd ? (
          <>
            <dt>{a.cancelAtPeriodEnd ? "Endet am" : "Nächste Abrechnung"}</dt>
            <dd>{day(a.periodEnd)}</dd>
          </>
        ) : null}
        {a.grandfatheredUntil ? (
          <>
            <dt>Bisherige Konditionen bis</dt>
            <dd>{day(a.grandfatheredUntil)}</dd>
          </>
        ) : null}
      </dl>
      {a.cancellationRequestedAt ? <p className="meta">Gekündigt am {formatBerlin(a.cancellationRequestedAt)}.</p> : null}
    </div>
  );
}

export default async function BillingPage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  const { user } = await requireUser();
  const [overview, params] = await Promise.all([loadBillingOverview(user.id), searchParams]);
  const running = overview.agreements.filter((a) => a.status !== "cancelled");
  const usedPercent = overview.quota.limit ? Math.min(100, Math.round((overview.quota.used / overview.quota.limit) * 100)) : 0;
  return (
    <>
      <PageHeader title="Abrechnung" actions={<Link href="/dashboard/billing/settings">Rechnungsadresse und Rechnungsversand</Link>} />
      {params.checkout === "cancelled" ? <Notice tone="warning">Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.</Notice> : null}

      <section className="billing-section" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Ihr Paket</h2>
        <p>
          Diesen Monat veröffentlicht: <strong>{overview.quota.used}</strong> von {overview.quota.limit}
        </p>
        <div className="quota-bar" role="img" aria-label={`${usedPercent} % des Kontingents genutzt`}>
          <span style={{ width: `${usedPercent}%` }} />
        </div>
        {running.length ? (
          running.map((a) => <AgreementPanel key={a.id} a={a} />)
        ) : (
          <p>Sie haben noch kein Paket. Mit einem Paket veröffentlichen Sie Pressemitteilungen auf unseren Portalen.</p>
        )}
        {!running.some((a) => !a.cancelAtPeriodEnd) ? (
          <div className="plan-cards">
            {Object.values(PLANS).map((plan) => (
              <div className="plan-card" key={plan.id}>
                <h3>{plan.name}</h3>
                <p className="plan-price">
                  {formatEuro(plan.monthlyNetCents)} <small className="meta">netto / Monat</small>
                </p>
                <p>{plan.summary.de}</p>
                <ul>
                  <li>{plan.monthlyReleaseQuota} Veröffentlichungen im Monat</li>
                  <li>{plan.apiAccess ? "API-Zugang inklusive" : "ohne API-Zugang"}</li>
                  <li>monatlich kündbar</li>
                </ul>
                <ActionButton action={bookPlan.bind(null, plan.id)} label={`${plan.name} buchen`} variant="primary" />
              </div>
            ))}
          </div>
        ) : null}
        <p className="meta">Alle Preise zzgl. {VAT_RATE_PERCENT} % USt.</p>
        <FormActions>
          {running.length ? <Link href="/dashboard/billing/cancel">Verträge hier kündigen</Link> : null}
          <Link href="/dashboard/billing/withdrawal">Widerruf erklären</Link>
        </FormActions>
      </section>

      <section className="billing-section" aria-labelledby="credits-heading">
        <h2 id="credits-heading">Credits und Boosts</h2>
        <p>
          Mit Credits buchen Sie Boosts: Ihre Pressemitteilung erscheint oben auf der Startseite oder der Kategorieseite des Portals, als
          Anzeige gekennzeichnet. Boosts buchen Sie auf der Seite einer veröffentlichten Pressemitteilung.
        </p>
        {overview.newsrooms.length ? (
          overview.newsrooms.map((n) => (
            <div className="panel" key={n.id}>
              <h3>
                {n.name}: {n.credits} Credits
              </h3>
              <FormActions>
                {Object.values(CREDIT_PACKS).map((pack) => (
                  <ActionButton
                    key={pack.id}
                    action={buyCredits.bind(null, n.id, pack.id)}
                    label={`${pack.credits} Credits für ${formatEuro(pack.netCents)} netto`}
                  />
                ))}
              </FormActions>
              {n.boosts.length ? (
                <Table caption={`Boosts von ${n.name}`}>
                  <thead>
                    <tr>
                      <th scope="col">Pressemitteilung</th>
                      <th scope="col">Platz</th>
                      <th scope="col">Zeitraum</th>
                      <th scope="col">Credits</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {n.boosts.map((b) => (
                      <tr key={b.id}>
                        <td>
                          <Link href={`/dashboard/releases/${b.release.id}`}>{b.release.title}</Link>
                        </td>
                        <td>{b.placement === "home" ? "Startseite" : `Kategorie ${b.categoryName ?? ""}`}</td>
                        <td>
                          {day(b.startsAt)} – {day(b.endsAt)}
                        </td>
                        <td className="amount">{b.priceCredits}</td>
                        <td>{BOOST_STATE[b.state] ?? b.state}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              ) : (
                <p className="meta">Noch keine Boosts.</p>
              )}
            </div>
          ))
        ) : (
          <p className="meta">Credits gehören zu einem Newsroom, dessen Inhaberin oder Inhaber Sie sind.</p>
        )}
      </section>

      <section className="billing-section" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading">Rechnungen</h2>
        {overview.invoices.length ? (
          <Table caption="Ihre Rechnungen">
            <thead>
              <tr>
                <th scope="col">Nummer</th>
                <th scope="col">Datum</th>
                <th scope="col" className="amount">
                  Betrag (brutto)
                </th>
                <th scope="col">Status</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {overview.invoices.map((inv) => (
                <tr key={inv.id}>
                  <td>{inv.number}</td>
                  <td>{day(inv.issuedAt)}</td>
                  <td className="amount">{formatEuro(inv.grossCents)}</td>
                  <td>
                    {INVOICE_STATUS[inv.status] ?? inv.status}
                    {inv.status === "open" && inv.dueAt ? `, fällig ${day(inv.dueAt)}` : null}
                  </td>
                  <td>
                    {inv.hasPdf ? (
                      <a href={`/dashboard/billing/invoices/${inv.id}/pdf`}>
                        PDF öffnen<span className="visually-hidden"> ({inv.number})</span>
                      </a>
                    ) : (
                      <span className="meta">folgt</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="meta">Noch keine Rechnungen.</p>
        )}
      </section>

      <section className="billing-section" aria-labelledby="payment-heading">
        <h2 id="payment-heading">Zahlungsmethode</h2>
        {overview.hasProviderCustomer ? (
          <ActionButton action={managePaymentMethod} label="Zahlungsmethode und Quittungen verwalten" />
        ) : (
          <p className="meta">Ihre Zahlungsmethode geben Sie bei der ersten Buchung an.</p>
        )}
      </section>
    </>
  );
}
