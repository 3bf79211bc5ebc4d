import { findInvitationByToken } from "./find-invitation";
import { joinByInvitation, type AcceptedInvitation } from "./join-by-invitation";
import { TeamRefusedError } from "./refusals";

// The way in for an invited address without an account: the invitation page links to the
// registration with the address and the invitation's token; the registration notes the
// invitation's id in its confirmation link; confirming that link proves the same mailbox the
// invitation went to, and the invitation is accepted there (lib/domains/auth/login/login-link-login.ts).

/**
 * The invitation a registration of `email` may carry: the open invitation behind `token`, if it
 * was sent to this very address. Anything else is ignored (the registration goes on without it).
 */
export async function invitationForRegistration(token: string | null | undefined, email: string, now?: Date): Promise<number | null> {
  if (!token) return null;
  const pending = await findInvitationByToken(token, now);
  return pending && pending.email === email.trim().toLowerCase() ? pending.invitationId : null;
}

/**
 * On the confirmation of a registration: accepts the invitation its link carries (payload
 * { invitationId }). Best-effort for the sign-in: an invitation revoked or expired meanwhile
 * leaves the person signed in without the newsroom (null), never refused at the door.
 */
export async function joinAfterRegistration(opts: { payload: unknown; email: string; now?: Date }): Promise<AcceptedInvitation | null> {
  const invitationId = (opts.payload as { invitationId?: unknown } | null)?.invitationId;
  if (typeof invitationId !== "number") return null;
  try {
    return await joinByInvitation({ invitationId, email: opts.email, now: opts.now });
  } catch (err) {
    if (err instanceof TeamRefusedError) return null;
    throw err;
  }
}
