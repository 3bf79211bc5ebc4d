import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type VerifiedAuthenticationResponse } from "@simplewebauthn/server";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { isActiveUser } from "./active-user";
import { authenticationChallengeKey } from "./authentication-options";
import { takeChallenge } from "./challenges";
import { getRelyingParty, REQUIRE_USER_VERIFICATION } from "./relying-party";
import { isAcceptableText } from "@/lib/core/input/text";

const HANDLE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const refused = (message: string) => new AppError("unauthenticated", message);

/**
 * Checks the browser's answer to passkeyAuthenticationOptions[ForUser]() and returns the id of
 * the signed-in user. Login completion (last_login_at, history, activity) is the caller's step.
 */
export async function verifyPasskeyAuthentication(handle: string, response: AuthenticationResponseJSON, now = new Date()): Promise<number> {
  // Taken before anything else: whatever the outcome, the challenge is spent.
  const stored = HANDLE_PATTERN.test(handle) ? await takeChallenge(authenticationChallengeKey(handle)) : null;
  if (!stored) throw refused("The passkey sign-in has expired or was already used. Please start again.");

  const passkey =
    typeof response?.id === "string" && response.id && response.id.length <= 2048 && isAcceptableText(response.id)
      ? await db.passkey.findUnique({
          where: { credentialId: response.id },
          include: { user: { select: { isActive: true, deletedAt: true } } },
        })
      : null;
  if (!passkey) throw refused("This passkey is not registered with any account.");
  if (stored.userId !== undefined && passkey.userId !== stored.userId) throw refused("This passkey does not belong to this account.");
  if (!isActiveUser(passkey.user)) throw refused("This account is not active.");

  const rp = getRelyingParty();
  const storedCounter = Number(passkey.counter);
  let result: VerifiedAuthenticationResponse;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Counter 0 turns off the library's own counter check: ours below runs only after the
      // signature is proven, so a forged answer is never reported as a clone.
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: 0, transports: passkey.transports },
      requireUserVerification: REQUIRE_USER_VERIFICATION,
    });
  } catch {
    throw refused("The passkey could not be verified.");
  }
  if (!result.verified) throw refused("The passkey could not be verified.");

  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  // WebAuthn: once either side counts, the counter must grow; otherwise a copy of the key is in use.
  if ((newCounter > 0 || storedCounter > 0) && newCounter <= storedCounter) {
    throw refused("This passkey reported an unexpected use count and may have been copied. Sign in another way and replace it.");
  }
  // Conditional on the counter read above: of two answers racing with one counter value, one wins.
  const { count } = await db.passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: { counter: BigInt(newCounter), lastUsedAt: now, backedUp: credentialBackedUp },
  });
  if (!count) throw refused("The passkey was used at the same time elsewhere. Please try again.");
  return passkey.userId;
}
