import { db } from "@/lib/db/client";
import { hashLinkToken, isWellFormedLinkToken } from "./index";

/** The source of login links asked for on the public legal page (spec 4.4: the login link is the primary path). */
export const LEGAL_REQUEST_LINK_SOURCE = "legal_request_page";

export type LoginLinkLanding = "/dashboard/images/confirm" | "/dashboard/legal-requests" | "/login/continue";

/**
 * Where a login link leads once redeemed: an image confirmation (spec 5.10) to the owner's
 * confirmation page, a link from the legal page to the customer's legal requests. Looking spends nothing.
 */
export async function loginLinkLanding(token: string): Promise<LoginLinkLanding> {
  if (!isWellFormedLinkToken(token)) return "/login/continue";
  const link = await db.magicLink.findUnique({ where: { tokenHash: hashLinkToken(token) }, select: { purpose: true, source: true } });
  if (link?.purpose === "image_confirmation") return "/dashboard/images/confirm";
  if (link?.purpose === "login" && link.source === LEGAL_REQUEST_LINK_SOURCE) return "/dashboard/legal-requests";
  return "/login/continue";
}
