import { randomBytes } from "node:crypto";
import {
  BOOST_TIERS,
  CREDIT_PACKS,
  isCreditPackId,
  isPlanId,
  netCentsForCredits,
  paidChangeNetCents,
  PLANS,
  type BoostPlacement,
  type BoostTier,
} from "@/lib/domains/prices/catalog";
import { boostOffer } from "@/lib/domains/billing/boosts/boost-offer";
import { getPaymentProvider, type CheckoutOrder } from "@/lib/domains/billing/provider";
import { assertCompanyAbility } from "@/lib/domains/accounts/abilities";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, BoostSoldOutError, forbidden } from "@/lib/core/errors/errors";
import { hubUrl } from "@/lib/domains/sites/urls";
import { activeBooking } from "./bookings";
import { assertPlanUpgrade } from "./plan-upgrade";
import { ensureProviderCustomer } from "./provider-customer";

export type StartCheckoutOptions = (
  | {
      purpose: "booking";
      userId: number;
      planId: string;
      companyId?: number | null;
      /** An upgrade: the running agreement the new plan replaces once it is paid (plan-upgrade.ts). */
      replacesAgreementId?: number | null;
    }
  | { purpose: "credits"; userId: number; companyId: number; packId: string }
  | { purpose: "boost"; userId: number; releaseId: number; placement: BoostPlacement; tier: BoostTier }
  | { purpose: "change"; userId: number; changeId: number }
) & {
  /** Who acts in the customer's session: a purchase is the customer's own decision, never made by staff acting as the customer. */
  acting?: Acting;
};

type OrderDraft = Omit<CheckoutOrder, "customerId" | "idempotencyKey" | "successUrl" | "cancelUrl"> & { cancelPath: string };

const THANKS = (purpose: string) => hubUrl(`/dashboard/billing/thanks?purpose=${purpose}&session={CHECKOUT_SESSION_ID}`);

async function activeCustomer(userId: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { isActive: true, deletedAt: true, emailVerifiedAt: true } });
  if (!user || !user.isActive || user.deletedAt) throw forbidden("Dieses Konto kann nichts buchen.");
  if (!user.emailVerifiedAt) throw forbidden("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.");
}

/** The newsroom a booking is made for: the one named (the user must own it), else the user's first owned one. */
async function bookingNewsroom(userId: number, companyId?: number | null): Promise<number | null> {
  if (companyId) {
    await assertCompanyAbility(userId, companyId, "billing");
    return companyId;
  }
  const owned = await db.companyUser.findFirst({
    where: { userId, role: "owner", company: { deletedAt: null } },
    orderBy: { companyId: "asc" },
    select: { companyId: true },
  });
  return owned?.companyId ?? null;
}

async function draftOrder(opts: StartCheckoutOptions): Promise<OrderDraft> {
  const meta = (extra: Record<string, string | number | null | undefined>) =>
    Object.fromEntries(
      Object.entries({ purpose: opts.purpose, userId: opts.userId, ...extra }).flatMap(([k, v]) =>
        v === null || v === undefined ? [] : [[k, String(v)]],
      ),
    );
  switch (opts.purpose) {
    case "booking": {
      if (!isPlanId(opts.planId)) throw new AppError("validation_failed", "Dieses Paket gibt es nicht.");
      if (opts.replacesAgreementId)
        await assertPlanUpgrade({ userId: opts.userId, agreementId: opts.replacesAgreementId, planId: opts.planId });
      else if (await activeBooking(opts.userId))
        throw new AppError("conflict", "Sie haben bereits ein Paket gebucht. Kündigen Sie es, bevor Sie ein anderes buchen.");
      const plan = PLANS[opts.planId];
      const companyId = await bookingNewsroom(opts.userId, opts.companyId);
      return {
        purpose: "booking",
        mode: "subscription",
        lines: [
          {
            description: `Pressdesk ${plan.name} (${plan.monthlyReleaseQuota} Veröffentlichungen im Monat)`,
            unitNetCents: plan.monthlyNetCents,
            quantity: 1,
          },
        ],
        metadata: meta({ planId: plan.id, companyId, replacesAgreementId: opts.replacesAgreementId }),
        cancelPath: "/dashboard/billing?checkout=cancelled",
      };
    }
    case "credits": {
      if (!isCreditPackId(opts.packId)) throw new AppError("validation_failed", "Dieses Credit-Paket gibt es nicht.");
      await assertCompanyAbility(opts.userId, opts.companyId, "billing");
      const pack = CREDIT_PACKS[opts.packId];
      return {
        purpose: "credits",
        mode: "payment",
        lines: [{ description: `${pack.credits} Credits für Boosts`, unitNetCents: pack.netCents, quantity: 1 }],
        metadata: meta({ packId: pack.id, companyId: opts.companyId }),
        cancelPath: "/dashboard/billing?checkout=cancelled",
      };
    }
    case "boost": {
      const offer = await boostOffer({ userId: opts.userId, releaseId: opts.releaseId });
      await assertCompanyAbility(opts.userId, offer.companyId, "billing");
      const placement = offer.placements.find((p) => p.placement === opts.placement);
      if (!offer.isVisible || !placement?.isAvailable)
        throw new AppError("validation_failed", "Für diese Pressemitteilung ist dieser Boost nicht möglich.");
      // Nobody pays for a booking that would be refused: sold out or already boosted is said before the checkout.
      if (placement.earliestFreeAt) throw new BoostSoldOutError(placement.earliestFreeAt.toISOString());
      if (placement.runningUntil) throw new AppError("conflict", "Diese Pressemitteilung ist hier bereits hervorgehoben.");
      const price = BOOST_TIERS[opts.tier].credits[opts.placement];
      const missing = price - offer.balance;
      if (missing <= 0) throw new AppError("conflict", "Das Guthaben reicht: der Boost kann direkt gebucht werden.");
      return {
        purpose: "boost",
        mode: "payment",
        lines: [
          {
            description: `${missing} Credits für einen Boost (${opts.placement === "home" ? "Startseite" : "Kategorieseite"}, ${BOOST_TIERS[opts.tier].days} Tage)`,
            unitNetCents: netCentsForCredits(missing),
            quantity: 1,
          },
        ],
        metadata: meta({
          companyId: offer.companyId,
          releaseId: opts.releaseId,
          placement: opts.placement,
          tier: opts.tier,
          credits: missing,
        }),
        cancelPath: `/dashboard/releases/${opts.releaseId}?checkout=cancelled`,
      };
    }
    case "change": {
      const change = await db.pressReleaseChange.findUnique({
        where: { id: opts.changeId },
        select: {
          id: true,
          status: true,
          expiresAt: true,
          requestedByUserId: true,
          pressRelease: { select: { id: true, title: true, companyId: true } },
        },
      });
      if (!change || change.requestedByUserId !== opts.userId) throw new AppError("not_found", "Diese Änderung gibt es nicht.");
      if (change.status !== "pending_payment" || (change.expiresAt && change.expiresAt <= new Date()))
        throw new AppError("change_not_allowed", "Diese Änderung wartet nicht mehr auf Zahlung.");
      return {
        purpose: "change",
        mode: "payment",
        lines: [
          {
            description: `Change: Änderung der Pressemitteilung „${change.pressRelease.title.slice(0, 80)}“`,
            unitNetCents: paidChangeNetCents(),
            quantity: 1,
          },
        ],
        metadata: meta({ changeId: change.id, releaseId: change.pressRelease.id, companyId: change.pressRelease.companyId }),
        // Stripe keeps a checkout open for at least 30 minutes; the change waits as long.
        expiresAt: new Date(Date.now() + 31 * 60_000),
        cancelPath: `/dashboard/releases/${change.pressRelease.id}/change?checkout=cancelled`,
      };
    }
  }
}

/**
 * Opens the checkout for one purchase (spec 1.6, 4.5) at the configured provider and returns
 * where the customer pays: Stripe Checkout, or the local test checkout on the embedded default.
 * Refused to staff acting in the customer's session (support access) before anything is looked up.
 */
export async function startCheckout(opts: StartCheckoutOptions): Promise<{ url: string; sessionId: string }> {
  assertNotImpersonating(opts.acting, "billing");
  await activeCustomer(opts.userId);
  const draft = await draftOrder(opts);
  const customerId = await ensureProviderCustomer(opts.userId);
  const { cancelPath, ...rest } = draft;
  const order: CheckoutOrder = {
    ...rest,
    customerId,
    successUrl: THANKS(draft.purpose),
    cancelUrl: hubUrl(cancelPath),
    idempotencyKey: `checkout-${draft.purpose}-${opts.userId}-${randomBytes(9).toString("hex")}`,
  };
  const session = await getPaymentProvider().createCheckout(order);
  if (opts.purpose === "change") {
    await db.pressReleaseChange.updateMany({
      where: { id: opts.changeId, status: "pending_payment" },
      data: { stripeCheckoutSessionId: session.id, expiresAt: draft.expiresAt },
    });
  }
  await recordActivity({
    actorUserId: opts.userId,
    type: ACTIVITY.checkoutStarted,
    subjectType: "checkout",
    subjectId: session.id,
    result: draft.purpose,
    metadata: order.metadata,
  });
  return { url: session.url, sessionId: session.id };
}
