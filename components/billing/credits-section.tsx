import Link from "next/link";
import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Table } from "@/components/ui/table";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { BillingOverview } from "@/lib/domains/billing/billing-overview";
import { formatEuro } from "@/lib/domains/billing/money";
import { CREDIT_PACKS } from "@/lib/domains/prices/catalog";
import { formatBerlinDay as day } from "@/lib/core/time/berlin-time";

type BuyAction = (companyId: number, packId: string, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const BOOST_STATE: Record<string, string> = { running: "läuft", ended: "beendet", cancelled: "storniert", upcoming: "geplant" };

/** Credits per owned newsroom, the packs to buy and the newsroom's boosts. */
export function CreditsSection({ newsrooms, buy }: { newsrooms: BillingOverview["newsrooms"]; buy: BuyAction }) {
  return (
    <section className="billing-section" aria-labelledby="credits-heading">
      <h2 id="credits-heading">Credits und Boosts</h2>
      <p>
        Mit Credits buchen Sie Boosts: Ihre Pressemitteilung erscheint oben auf der Startseite oder der Kategorieseite des Portals, als
        Anzeige gekennzeichnet. Boosts buchen Sie auf der Seite einer veröffentlichten Pressemitteilung.
      </p>
      {newsrooms.length ? (
        newsrooms.map((n) => (
          <div className="panel" key={n.id}>
            <h3>
              {n.name}: {n.credits} Credits
            </h3>
            <FormActions>
              {Object.values(CREDIT_PACKS).map((pack) => (
                <ActionButton
                  key={pack.id}
                  action={buy.bind(null, n.id, pack.id)}
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
                      <td>{BOOST_STATE[b.state] ?? "–"}</td>
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
  );
}
