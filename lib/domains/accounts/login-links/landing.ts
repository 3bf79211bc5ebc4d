import { db } from "@/lib/core/db/client";
import { hashLinkToken, isWellFormedLinkToken } from "./index";

/** The source of login links asked for on the public legal page (spec 4.4: the login link is the primary path). */
export const LEGAL_REQUEST_LINK_SOURCE = "legal_request_page";

export type LoginLinkLanding = "registration" | "/images/confirm" | "/dashboard/legal-requests" | "/login/continue";

/**
 * What the link page (`/login/link/{token}`) shows, from one look at the link: a registration
 * link asks for the name and the acceptance first (`registration`); an image-confirmation link
 * signs nobody in and belongs on its own page (`/images/confirm/{token}`, where an older mail's
 * `/login/link/{token}` is sent on); a login link leads, once redeemed, from the legal page to
 * the customer's legal requests, otherwise on. Looking spends nothing; whether the link still
 * works is decided by the redemption, with the one message every dead link gets.
 */
export async function loginLinkLanding(token: string): Promise<LoginLinkLanding> {
  if (!isWellFormedLinkToken(token)) return "/login/continue";
  const link = await db.magicLink.findUnique({ where: { tokenHash: hashLinkToken(token) }, select: { purpose: true, source: true } });
  if (link?.purpose === "registration") return "registration";
  if (link?.purpose === "image_confirmation") return "/images/confirm";
  if (link?.purpose === "login" && link.source === LEGAL_REQUEST_LINK_SOURCE) return "/dashboard/legal-requests";
  return "/login/continue";
}
