import { Table } from "@/components/ui/table";
import { boostOffer, type BoostOffer, type BoostRow, type PlacementOffer } from "@/lib/domains/billing/boosts/boost-offer";
import { formatBoostDate } from "@/lib/domains/billing/boosts/boost-dates";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { BOOST_SLOTS } from "@/lib/domains/billing/boosts/boosted-releases";
import { BoostForm, type BoostFormPlacement } from "./boost-form";

const PLACE_LABEL = { home: "Startseite", category: "Kategorieseite" } as const;
const STATE_LABEL: Record<BoostRow["state"], string> = { running: "läuft", upcoming: "geplant", ended: "beendet", cancelled: "storniert" };

function placementLabel(p: PlacementOffer): string {
  return p.placement === "category" && p.categoryName ? `Kategorieseite „${p.categoryName}“` : PLACE_LABEL[p.placement];
}

function placementStatus(p: PlacementOffer): string {
  const slots = `${BOOST_SLOTS[p.placement]} Plätze`;
  if (!p.isAvailable) return "Nicht möglich: Die Pressemitteilung hat keine aktive Kategorie.";
  if (p.runningUntil) return `Ihr Boost läuft hier bis ${formatBoostDate(p.runningUntil)}.`;
  if (!p.hasFreeSlot && p.earliestFreeAt)
    return `Alle ${slots} sind belegt; der nächste wird am ${formatBoostDate(p.earliestFreeAt)} frei.`;
  return `${slots}, derzeit ist mindestens einer frei.`;
}

function formPlacements(offer: BoostOffer): BoostFormPlacement[] {
  return offer.placements.map((p) => ({
    placement: p.placement,
    label: placementLabel(p),
    status: placementStatus(p),
    isBookable: p.isAvailable && p.hasFreeSlot && !p.runningUntil,
    tiers: p.tiers,
  }));
}

function BoostHistory({ boosts }: { boosts: BoostRow[] }) {
  if (!boosts.length) return null;
  return (
    <Table caption="Boosts dieser Pressemitteilung" showCaption>
      <thead>
        <tr>
          <th scope="col">Platzierung</th>
          <th scope="col">Zeitraum</th>
          <th scope="col">Preis</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {boosts.map((b) => (
          <tr key={b.id}>
            <td>{PLACE_LABEL[b.placement]}</td>
            <td>
              {formatBoostDate(b.startsAt)} bis {formatBoostDate(b.endsAt)}
            </td>
            <td>{b.priceCredits} Credits</td>
            <td>{STATE_LABEL[b.state]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Boosts of one published release on its dashboard page: the offer (placement, duration, price
 * in credits), the newsroom's balance and the release's boosts. Renders nothing for a release the
 * user cannot see. The page passes the booking action (app/hub/dashboard/releases/[id]/boost-actions.ts).
 */
export async function BoostPanel({
  userId,
  releaseId,
  action,
}: {
  userId: number;
  releaseId: number;
  action: (releaseId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  let offer: BoostOffer;
  try {
    offer = await boostOffer({ userId, releaseId });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
  return (
    <section className="panel" aria-labelledby="boost-heading">
      <h2 id="boost-heading">Boost buchen</h2>
      <p>Ihre Pressemitteilung oben auf der Startseite oder der Kategorieseite, als ‚Anzeige‘ gekennzeichnet.</p>
      <p className="meta">
        Guthaben des Newsrooms: <strong>{offer.balance} Credits</strong>
      </p>
      {!offer.isVisible ? (
        <p className="meta">Boosts sind nur für veröffentlichte, öffentlich sichtbare Pressemitteilungen möglich.</p>
      ) : !offer.canBook ? (
        <p className="meta">Boosts buchen die Inhaber und Verantwortlichen des Newsrooms.</p>
      ) : (
        <BoostForm
          action={action.bind(null, offer.releaseId)}
          placements={formPlacements(offer)}
          balance={offer.balance}
          canBuyCredits={offer.canBuyCredits}
        />
      )}
      <BoostHistory boosts={offer.boosts} />
    </section>
  );
}
