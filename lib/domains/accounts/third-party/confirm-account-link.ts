import { redeemLoginLink, type RedeemedLoginLink } from "@/lib/domains/accounts/login-links/redeem-login-link";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { boundElsewhere, missingBrowserSession, ThirdPartyLoginRefusedError } from "./errors";
import { linkProviderAccount } from "./link-provider-account";
import { lockProviderIdentity, retryOnUniqueViolation } from "./provider-lock";

export interface ConfirmAccountLinkInput {
  token: string;
  /** Must be the binding of the browser that started the login (spec 5.9). */
  browserSessionBinding: string;
  now?: Date;
}

const malformedLink = () => new AppError("bad_request", "This link does not confirm an account linking.");

function linkTarget(link: RedeemedLoginLink): { userId: number; provider: string; providerAccountId: string } {
  const payload = link.payload && typeof link.payload === "object" ? (link.payload as Record<string, unknown>) : {};
  const { provider, providerAccountId } = payload;
  if (
    link.purpose !== "account_link" ||
    link.userId === null ||
    typeof provider !== "string" ||
    typeof providerAccountId !== "string" ||
    !provider ||
    !providerAccountId
  ) {
    throw malformedLink();
  }
  return { userId: link.userId, provider, providerAccountId };
}

/**
 * Redeems an account_link mail in the browser that asked for it and binds the provider
 * identity to the account. Returns the account to sign in; the caller runs login completion.
 * A different browser session gets LoginLinkInvalidError and nothing is bound.
 */
export async function confirmAccountLink(input: ConfirmAccountLinkInput): Promise<{ userId: number }> {
  // An empty binding would match an unbound link; ours are always bound.
  if (!input.browserSessionBinding) throw missingBrowserSession();
  const now = input.now ?? new Date();
  const link = await redeemLoginLink({
    token: input.token,
    purpose: "account_link",
    browserSessionBinding: input.browserSessionBinding,
    now,
  });
  return completeAccountLink(link, { now });
}

/**
 * The binding step of confirmAccountLink, for a page that redeems login links of several
 * purposes itself (redeemLoginLink with its browser session binding) and dispatches on purpose.
 */
export async function completeAccountLink(link: RedeemedLoginLink, opts: { now?: Date } = {}): Promise<{ userId: number }> {
  const target = linkTarget(link);
  const now = opts.now ?? new Date();
  const identity = { provider: target.provider, providerAccountId: target.providerAccountId, email: link.email };
  return retryOnUniqueViolation(() =>
    db.$transaction(async (tx) => {
      await lockProviderIdentity(tx, identity.provider, identity.providerAccountId);
      const binding = await tx.oAuthAccount.findUnique({
        where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
        select: { userId: true, user: { select: { isActive: true, deletedAt: true } } },
      });
      if (binding) {
        // Bound meanwhile (a second link mail, or a later direct link): same account is fine.
        if (binding.userId !== target.userId) throw boundElsewhere();
        if (!binding.user.isActive || binding.user.deletedAt) throw new ThirdPartyLoginRefusedError("inactive");
        return { userId: target.userId };
      }
      await linkProviderAccount(tx, { userId: target.userId, identity, basis: "confirmation_link", now });
      return { userId: target.userId };
    }),
  );
}
