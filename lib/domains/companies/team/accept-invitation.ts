import { LoginLinkInvalidError, redeemLoginLink } from "@/lib/domains/accounts/login-links";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { findInvitationByToken } from "./find-invitation";
import { joinByInvitation, type AcceptedInvitation } from "./join-by-invitation";
import { TeamRefusedError } from "./refusals";

export interface AcceptInvitationOptions {
  /** The token of the invitation link. */
  token: string;
  /** The account signed in where the button was pressed; absent when nobody is. */
  signedInUserId?: number | null;
  now?: Date;
  /** Who acts in the customer's session: every team change is the customer's own decision, never made by staff acting as the customer (support access). */
  acting?: Acting;
}

/**
 * Accepts an invitation by its link (a POST of the invitation page, never its GET: mail scanners
 * open links). Refusals that are no fault of the link (another account signed in, no account
 * for the address yet) come before the redemption, so the link stays usable for the right
 * person. Then the link is redeemed once (purpose invitation) and joinByInvitation does the rest.
 * The caller signs the account in (lib/domains/auth/login/login-link-login.ts) or already has.
 */
export async function acceptInvitation(opts: AcceptInvitationOptions): Promise<AcceptedInvitation> {
  assertNotImpersonating(opts.acting, "team");
  const now = opts.now ?? new Date();
  const pending = await findInvitationByToken(opts.token, now);
  if (!pending) throw new TeamRefusedError("invitation_invalid");
  if (opts.signedInUserId != null) {
    const me = await db.user.findUnique({ where: { id: opts.signedInUserId }, select: { email: true } });
    if (me?.email !== pending.email) throw new TeamRefusedError("wrong_account");
  }
  if (pending.accountUserId === null) throw new TeamRefusedError("account_needed");

  let link;
  try {
    link = await redeemLoginLink({ token: opts.token, purpose: "invitation", now });
  } catch (err) {
    // Spent or closed between the look and the click (a second tab, a revocation).
    if (err instanceof LoginLinkInvalidError) throw new TeamRefusedError("invitation_invalid");
    throw err;
  }
  const invitationId = (link.payload as { invitationId?: unknown } | null)?.invitationId;
  if (invitationId !== pending.invitationId) throw new TeamRefusedError("invitation_invalid");
  return joinByInvitation({ invitationId: pending.invitationId, email: link.email, now });
}
