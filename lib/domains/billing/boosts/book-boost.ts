import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { BOOST_TIERS, isBoostTier, type BoostPlacement, type BoostTier } from "@/lib/domains/prices/catalog";
import { debitCompany } from "@/lib/domains/billing/credits/credit-ledger";
import { invalidatePublicTags, portalTag } from "@/lib/domains/sites/public-tags";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { lockNewsroomForEdit } from "@/lib/domains/companies/profile/lock-newsroom-for-edit";
import { db, isTransaction, type Tx } from "@/lib/core/db/client";
import { AppError, BoostSoldOutError, notFound } from "@/lib/core/errors/errors";
import { lockRelease } from "@/lib/domains/releases/lock";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { formatBoostDate } from "./boost-dates";
import { earliestFreeAt, lockSlotPage, occupiedUntil, type SlotPage } from "./boost-slots";

export interface BookBoostOptions {
  userId: number;
  releaseId: number;
  placement: BoostPlacement;
  tier: BoostTier;
  /** Who acts in the customer's session: a booking is the customer's own decision, never made by staff acting as the customer. */
  acting?: Acting;
  now?: Date;
}

const PLACE_NAME: Record<BoostPlacement, string> = { home: "der Startseite", category: "der Kategorieseite" };

function assertChoice(opts: BookBoostOptions): void {
  if (opts.placement !== "home" && opts.placement !== "category") {
    throw new AppError("validation_failed", "Unknown boost placement.", undefined, [
      { path: "placement", message: "Bitte wählen Sie Startseite oder Kategorieseite." },
    ]);
  }
  if (!isBoostTier(opts.tier)) {
    throw new AppError("validation_failed", "Unknown boost tier.", undefined, [
      { path: "tier", message: "Bitte wählen Sie eine der drei Laufzeiten." },
    ]);
  }
}

/** The category page a category boost shows on: the release's own category, active on its portal. */
async function categoryPageOf(tx: Tx, release: { categoryId: number | null; portal: SlotPage["portal"] }): Promise<number> {
  const issue = (message: string) => new AppError("validation_failed", message, undefined, [{ path: "placement", message }]);
  if (!release.categoryId) throw issue("Diese Pressemitteilung hat keine Kategorie; ein Boost ist nur auf der Startseite möglich.");
  const category = await tx.category.findFirst({
    where: { id: release.categoryId, portal: release.portal, isActive: true },
    select: { id: true },
  });
  if (!category) throw issue("Die Kategorie dieser Pressemitteilung ist nicht aktiv; ein Boost ist nur auf der Startseite möglich.");
  return category.id;
}

/**
 * Books a boost (spec 2.8, 8): the release shows, marked as an ad, on the home page or its
 * category page of its portal from now for the tier's days. Paid in credits of the release's
 * newsroom; a page holds BOOST_SLOTS boosts at once, beyond that BoostSoldOutError names when
 * the next slot frees. Customers and the payment webhook (after a credit purchase) both book
 * through here.
 */
export async function bookBoost(opts: BookBoostOptions, tx?: Tx): Promise<{ boostId: number; endsAt: Date }> {
  assertNotImpersonating(opts.acting, "billing");
  assertChoice(opts);
  const now = opts.now ?? new Date();
  // Another newsroom's release (or none) is "not found": its id tells an outsider nothing.
  // Read in the caller's transaction when there is one: the embedded database has one connection.
  const own = await ownReleaseOrThrow(opts.userId, opts.releaseId, tx);
  const { days, credits } = BOOST_TIERS[opts.tier];
  const price = credits[opts.placement];
  const endsAt = new Date(now.getTime() + days * 86_400_000);

  const run = async (tx: Tx) => {
    // Lock order newsroom -> release -> slot page, as markCompanyGone takes newsroom -> release.
    // The newsroom lock also serialises two bookings of one newsroom (the duplicate check below
    // and the balance), and the edit ability is read after it, so a role taken away counts.
    await lockNewsroomForEdit(tx, opts.userId, own.companyId);
    const release = await lockRelease(tx, own.id);
    if (release.companyId !== own.companyId) throw notFound("Press release not found.");
    // The one archive-visibility rule of the public pages: only what they would show is sold.
    const visible = await tx.pressRelease.count({ where: { id: release.id, ...archiveVisibleReleaseWhere(now) } });
    if (!visible) throw new AppError("conflict", "Boosts sind nur für veröffentlichte, öffentlich sichtbare Pressemitteilungen möglich.");
    const page: SlotPage = {
      portal: release.portal,
      placement: opts.placement,
      categoryId: opts.placement === "category" ? await categoryPageOf(tx, release) : null,
    };

    const running = await tx.boost.findFirst({
      where: { pressReleaseId: release.id, placement: opts.placement, cancelledAt: null, endsAt: { gt: now } },
      orderBy: { endsAt: "desc" },
      select: { endsAt: true },
    });
    if (running) {
      throw new AppError(
        "conflict",
        `Diese Pressemitteilung hat bereits einen laufenden Boost auf ${PLACE_NAME[opts.placement]} bis ${formatBoostDate(running.endsAt)}.`,
        { endsAt: running.endsAt.toISOString() },
      );
    }

    await lockSlotPage(tx, page);
    // Counted after the page lock: the previous buyer's boost is committed and counts.
    const freeAt = earliestFreeAt(opts.placement, await occupiedUntil(tx, page, now, endsAt));
    if (freeAt) throw new BoostSoldOutError(freeAt.toISOString());

    // The id is reserved first so the debit carries it as its reference (`boost:<id>`): a short
    // balance throws before anything is written, and the ledger row names the boost it paid.
    const [{ id: boostId }] = (await tx.$queryRaw<{ id: number }[]>`SELECT nextval(pg_get_serial_sequence('boosts', 'id'))::int AS id`) as [
      { id: number },
    ];
    await debitCompany(tx, {
      companyId: release.companyId,
      credits: price,
      reference: `boost:${boostId}`,
      reason: "boost",
      actorUserId: opts.userId,
    });
    await tx.boost.create({
      data: {
        id: boostId,
        companyId: release.companyId,
        pressReleaseId: release.id,
        placement: opts.placement,
        categoryId: page.categoryId,
        portal: release.portal,
        tier: opts.tier,
        priceCredits: price,
        startsAt: now,
        endsAt,
      },
    });
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.boostBooked,
        subjectType: "press_release",
        subjectId: release.id,
        result: opts.placement,
        metadata: {
          boostId,
          companyId: release.companyId,
          tier: opts.tier,
          days,
          credits: price,
          categoryId: page.categoryId,
          endsAt: endsAt.toISOString(),
        },
      },
      tx,
    );
    // Home and category pages are lists of the portal; the invalidation applies once this commits.
    await invalidatePublicTags(tx, [portalTag(release.portal)]);
    return { boostId, endsAt };
  };
  return tx && isTransaction(tx) ? run(tx) : db.$transaction(run);
}
