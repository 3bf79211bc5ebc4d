import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { BOOST_TIERS, type BoostPlacement, type BoostTier } from "@/lib/domains/prices/catalog";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import type { Portal } from "@/lib/domains/sites";
import { earliestFreeAt, occupiedUntil } from "./boost-slots";

// What the dashboard shows before a booking: both placements with the three tiers and their
// prices, whether a slot is free, the newsroom's balance and the release's boosts. Read without
// locks; bookBoost decides under its locks.

export interface BoostTierOffer {
  tier: BoostTier;
  days: number;
  credits: number;
}

export interface PlacementOffer {
  placement: BoostPlacement;
  /** False when this release cannot go there at all (category: none, or an inactive one). */
  isAvailable: boolean;
  categoryName: string | null;
  tiers: BoostTierOffer[];
  /** A slot is free now; otherwise `earliestFreeAt` says when the next one frees. */
  hasFreeSlot: boolean;
  earliestFreeAt: Date | null;
  /** The release already holds a running boost here (until then no second one). */
  runningUntil: Date | null;
}

export type BoostState = "running" | "ended" | "cancelled" | "upcoming";

export interface BoostRow {
  id: number;
  placement: BoostPlacement;
  tier: number;
  days: number | null;
  priceCredits: number;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  state: BoostState;
}

export interface BoostOffer {
  releaseId: number;
  companyId: number;
  portal: Portal;
  /** Published and visible in the archive: only such releases can be boosted. */
  isVisible: boolean;
  /** The user holds the newsroom's edit ability (owner or responsible). */
  canBook: boolean;
  /** The user may buy credits for the newsroom (ability billing: the owner) when the balance is short. */
  canBuyCredits: boolean;
  balance: number;
  placements: PlacementOffer[];
  boosts: BoostRow[];
}

const PLACEMENTS: BoostPlacement[] = ["home", "category"];

function stateOf(b: { startsAt: Date; endsAt: Date; cancelledAt: Date | null }, now: Date): BoostState {
  if (b.cancelledAt) return "cancelled";
  if (b.endsAt <= now) return "ended";
  return b.startsAt > now ? "upcoming" : "running";
}

const daysOf = (tier: number) => (tier === 1 || tier === 2 || tier === 3 ? BOOST_TIERS[tier].days : null);

function tiersFor(placement: BoostPlacement): BoostTierOffer[] {
  return ([1, 2, 3] as const).map((tier) => ({ tier, days: BOOST_TIERS[tier].days, credits: BOOST_TIERS[tier].credits[placement] }));
}

/** The offer for one of the user's releases; another newsroom's release is "not found". */
export async function boostOffer(opts: { userId: number; releaseId: number; now?: Date }): Promise<BoostOffer> {
  const now = opts.now ?? new Date();
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  const abilities = await companyAbilities(opts.userId, release.companyId);
  const [company, visible, category, boosts] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: release.companyId }, select: { credits: true } }),
    db.pressRelease.count({ where: { id: release.id, ...archiveVisibleReleaseWhere(now) } }),
    release.categoryId
      ? db.category.findFirst({
          where: { id: release.categoryId, portal: release.portal, isActive: true },
          select: { id: true, nameDe: true },
        })
      : null,
    db.boost.findMany({
      where: { pressReleaseId: release.id },
      orderBy: [{ startsAt: "desc" }, { id: "desc" }],
      select: { id: true, placement: true, tier: true, priceCredits: true, startsAt: true, endsAt: true, cancelledAt: true },
    }),
  ]);
  const rows: BoostRow[] = boosts.map((b) => ({ ...b, days: daysOf(b.tier), state: stateOf(b, now) }));

  const placements = await Promise.all(
    PLACEMENTS.map(async (placement): Promise<PlacementOffer> => {
      const isAvailable = placement === "home" || !!category;
      const running = rows.find((b) => b.placement === placement && (b.state === "running" || b.state === "upcoming"));
      // A slot free at this instant: the same count bookBoost makes, over a window of one instant.
      const freeAt = isAvailable
        ? earliestFreeAt(
            placement,
            await occupiedUntil(
              db,
              { portal: release.portal, placement, categoryId: category?.id ?? null },
              now,
              new Date(now.getTime() + 1),
            ),
          )
        : null;
      return {
        placement,
        isAvailable,
        categoryName: placement === "category" ? (category?.nameDe ?? null) : null,
        tiers: tiersFor(placement),
        hasFreeSlot: isAvailable && !freeAt,
        earliestFreeAt: freeAt,
        runningUntil: running?.endsAt ?? null,
      };
    }),
  );

  return {
    releaseId: release.id,
    companyId: release.companyId,
    portal: release.portal,
    isVisible: visible > 0,
    canBook: abilities.has("edit"),
    canBuyCredits: abilities.has("billing"),
    balance: company.credits,
    placements,
    boosts: rows,
  };
}

export interface CompanyBoostRow extends BoostRow {
  release: { id: number; title: string; portal: Portal };
  categoryName: string | null;
}

/**
 * Every boost of a newsroom, newest first, for the billing page. The caller has already
 * checked that the viewer may see the newsroom's billing.
 */
export async function listCompanyBoosts(companyId: number, client: DbOrTx = db, now: Date = new Date()): Promise<CompanyBoostRow[]> {
  const boosts = await client.boost.findMany({
    where: { companyId },
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      placement: true,
      tier: true,
      priceCredits: true,
      startsAt: true,
      endsAt: true,
      cancelledAt: true,
      pressRelease: { select: { id: true, title: true, portal: true } },
      category: { select: { nameDe: true } },
    },
    take: 500,
  });
  return boosts.map(({ pressRelease, category, ...b }) => ({
    ...b,
    days: daysOf(b.tier),
    state: stateOf(b, now),
    release: pressRelease,
    categoryName: category?.nameDe ?? null,
  }));
}
