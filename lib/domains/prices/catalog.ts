import { getConfig } from "@/lib/core/config";

// Everything the service sells, in one table (docs/billing.md repeats it for people). Prices
// are net in euro cents; German VAT is added on every invoice and checkout.

export const VAT_RATE_PERCENT = 19;

/** VAT on a net amount, rounded half up to the cent as a German invoice shows it. */
export function vatOf(netCents: number): number {
  return Math.round((netCents * VAT_RATE_PERCENT) / 100);
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Publications per calendar month (the quota of spec 2.1). */
  monthlyReleaseQuota: number;
  /** Net price per month. */
  monthlyNetCents: number;
  /** Whether the booking opens API v1 and /service/... (spec 5.1). */
  apiAccess: boolean;
  summary: { de: string; en: string };
}

export type PlanId = "starter" | "business" | "agency";

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    monthlyReleaseQuota: 3,
    monthlyNetCents: 4900,
    apiAccess: false,
    summary: { de: "Für Unternehmen, die gelegentlich veröffentlichen.", en: "For companies that publish now and then." },
  },
  business: {
    id: "business",
    name: "Business",
    monthlyReleaseQuota: 10,
    monthlyNetCents: 12900,
    apiAccess: true,
    summary: { de: "Regelmäßige Pressearbeit, mit API-Zugang.", en: "Regular press work, with API access." },
  },
  agency: {
    id: "agency",
    name: "Agentur",
    monthlyReleaseQuota: 40,
    monthlyNetCents: 34900,
    apiAccess: true,
    summary: { de: "Für Agenturen mit mehreren Kunden-Newsrooms.", en: "For agencies running several client newsrooms." },
  },
};

export function isPlanId(value: string): value is PlanId {
  return Object.hasOwn(PLANS, value);
}

/** The name customers read for a stored plan: the catalog's for a current plan, else the stored (legacy) name. */
export function planName(plan: string): string {
  return isPlanId(plan) ? PLANS[plan].name : plan;
}

export interface CreditPack {
  id: CreditPackId;
  credits: number;
  netCents: number;
}

export type CreditPackId = "credits-10" | "credits-25" | "credits-60";

/** Credits pay for boosts; they belong to a newsroom. */
export const CREDIT_PACKS: Record<CreditPackId, CreditPack> = {
  "credits-10": { id: "credits-10", credits: 10, netCents: 2500 },
  "credits-25": { id: "credits-25", credits: 25, netCents: 5900 },
  "credits-60": { id: "credits-60", credits: 60, netCents: 12900 },
};

export function isCreditPackId(value: string): value is CreditPackId {
  return Object.hasOwn(CREDIT_PACKS, value);
}

export type BoostPlacement = "home" | "category";
export type BoostTier = 1 | 2 | 3;

/** The three boost durations and their prices in credits (spec 8: home 12/20/35, category 6/10/18). */
export const BOOST_TIERS: Record<BoostTier, { days: number; credits: Record<BoostPlacement, number> }> = {
  1: { days: 3, credits: { home: 12, category: 6 } },
  2: { days: 7, credits: { home: 20, category: 10 } },
  3: { days: 14, credits: { home: 35, category: 18 } },
};

export function isBoostTier(value: number): value is BoostTier {
  return value === 1 || value === 2 || value === 3;
}

/** Net price of one paid change to a published release (spec 4.5: 10 EUR, purchase type `Change`). */
export function paidChangeNetCents(): number {
  return getConfig().billing.paidChangePriceCents;
}

/** Net cents per credit when credits are bought to cover a boost directly: the smallest pack's rate. */
export function netCentsForCredits(credits: number): number {
  const pack = CREDIT_PACKS["credits-10"];
  return Math.ceil((credits * pack.netCents) / pack.credits);
}
