import { db } from "@/lib/db/client";
import { hashLinkToken, isWellFormedLinkToken } from "./index";

/** Where a login link leads once redeemed: an image confirmation (spec 5.10) to the owner's confirmation page. Looking spends nothing. */
export async function loginLinkLanding(token: string): Promise<"/dashboard/images/confirm" | "/login/continue"> {
  if (!isWellFormedLinkToken(token)) return "/login/continue";
  const link = await db.magicLink.findUnique({ where: { tokenHash: hashLinkToken(token) }, select: { purpose: true } });
  return link?.purpose === "image_confirmation" ? "/dashboard/images/confirm" : "/login/continue";
}
