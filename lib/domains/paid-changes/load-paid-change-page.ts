import { releaseActionsOf } from "@/lib/domains/accounts/abilities";
import { paidChangeNetCents, vatOf, VAT_RATE_PERCENT } from "@/lib/domains/prices/catalog";
import { getConfig } from "@/lib/core/config";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";

/** Why the page offers no form: the state of the release, in the page's words. */
export type PaidChangeBlocker = "used" | "not_published" | "gone" | "no_right";

/**
 * What the paid-change page shows for a release of one of the user's newsrooms (anyone
 * else's answers "not found"): the current text to start from, the price, the limit, an open
 * change still waiting for its payment, or why no change is possible. The domain checks
 * everything again when the form is sent.
 */
export async function loadPaidChangePage(opts: { userId: number; releaseId: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  const [may, pending, applied] = await Promise.all([
    releaseActionsOf(opts.userId, release),
    db.pressReleaseChange.findFirst({
      where: { pressReleaseId: release.id, status: "pending_payment", expiresAt: { gt: now } },
      select: { id: true, expiresAt: true, requestedByUserId: true },
    }),
    db.pressReleaseChange.findFirst({ where: { pressReleaseId: release.id, status: "applied" }, select: { appliedAt: true } }),
  ]);
  const blocker: PaidChangeBlocker | null = release.paidChangeUsedAt
    ? "used"
    : release.goneAt
      ? "gone"
      : release.status !== "published"
        ? "not_published"
        : !may.edit
          ? "no_right"
          : null;
  const netCents = paidChangeNetCents();
  return {
    release: {
      id: release.id,
      title: release.title,
      lead: release.lead,
      body: release.body,
      status: release.status,
      language: release.language,
    },
    blocker,
    changedAt: applied?.appliedAt ?? release.paidChangeUsedAt,
    /** A checked change waiting for its payment; only the person who asked for it pays it (the checkout is theirs). */
    pending: pending ? { changeId: pending.id, expiresAt: pending.expiresAt!, isOwn: pending.requestedByUserId === opts.userId } : null,
    price: { netCents, grossCents: netCents + vatOf(netCents), vatPercent: VAT_RATE_PERCENT },
    maxDistancePercent: getConfig().legal.changeMaxDistancePercent,
  };
}

export type PaidChangePage = Awaited<ReturnType<typeof loadPaidChangePage>>;
