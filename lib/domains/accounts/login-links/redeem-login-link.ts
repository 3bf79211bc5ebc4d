import { db } from "@/lib/core/db/client";
import type { MagicLinkPurpose } from "@/lib/generated/prisma/client";
import { hashBinding } from "./browser-session-binding";
import { LoginLinkInvalidError, type LoginLinkInvalidReason } from "./errors";
import { hashLinkToken, isWellFormedLinkToken } from "./link-token";
import { recordLinkConversion } from "./record-link-conversion";

export interface RedeemLoginLinkInput {
  token: string;
  /** The purpose(s) the redeeming page accepts; a link of another purpose is refused. */
  purpose: MagicLinkPurpose | readonly MagicLinkPurpose[];
  /** The redeeming browser's session binding; required for links created with one. */
  browserSessionBinding?: string | null;
  now?: Date;
}

export interface RedeemedLoginLink {
  id: number;
  userId: number | null;
  email: string;
  purpose: MagicLinkPurpose;
  source: string | null;
  payload: unknown;
}

/** Redemptions that count as stage 2 of the conversion funnel (spec 6.1, 6.3). */
const CONVERTING_PURPOSES: readonly MagicLinkPurpose[] = ["login", "image_confirmation", "registration"];

type LinkState = { usedAt: Date | null; expiresAt: Date; purpose: MagicLinkPurpose; browserSessionBinding: string | null };

// Only for the error's log reason; the caller shows one message whatever it is.
function whyRefused(
  link: LinkState | null,
  purposes: readonly MagicLinkPurpose[],
  binding: string | null,
  now: Date,
): LoginLinkInvalidReason {
  if (!link) return "unknown";
  if (link.usedAt) return "used";
  if (link.expiresAt <= now) return "expired";
  if (!purposes.includes(link.purpose)) return "purpose";
  if (link.browserSessionBinding && link.browserSessionBinding !== binding) return "browser_session";
  return "used"; // a contender redeemed it between our update and this read
}

/**
 * Redeems a login link once (spec 5.10). The caller then signs the user in (login completion)
 * or performs the link's action; this function only answers whose link it was.
 */
export async function redeemLoginLink(input: RedeemLoginLinkInput): Promise<RedeemedLoginLink> {
  const now = input.now ?? new Date();
  const purposes: readonly MagicLinkPurpose[] = typeof input.purpose === "string" ? [input.purpose] : input.purpose;
  if (!isWellFormedLinkToken(input.token)) throw new LoginLinkInvalidError("unknown");
  const tokenHash = hashLinkToken(input.token);
  const binding = hashBinding(input.browserSessionBinding);

  // Race: the same link opened twice at once (double click, two tabs, a mail scanner and the
  // person). The update is conditional on used_at IS NULL, so exactly one request sets it and
  // the other counts zero rows. Unbound links redeem in any browser; bound ones only in theirs.
  const { count } = await db.magicLink.updateMany({
    where: {
      tokenHash,
      usedAt: null,
      expiresAt: { gt: now },
      purpose: { in: [...purposes] },
      OR: binding ? [{ browserSessionBinding: null }, { browserSessionBinding: binding }] : [{ browserSessionBinding: null }],
    },
    data: { usedAt: now },
  });
  const link = await db.magicLink.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      userId: true,
      email: true,
      purpose: true,
      source: true,
      payload: true,
      usedAt: true,
      expiresAt: true,
      browserSessionBinding: true,
    },
  });
  if (count !== 1 || !link) throw new LoginLinkInvalidError(whyRefused(link, purposes, binding, now));

  if (CONVERTING_PURPOSES.includes(link.purpose)) await recordLinkConversion(link);
  return { id: link.id, userId: link.userId, email: link.email, purpose: link.purpose, source: link.source, payload: link.payload };
}
