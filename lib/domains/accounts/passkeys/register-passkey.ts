import { verifyRegistrationResponse, type RegistrationResponseJSON, type VerifiedRegistrationResponse } from "@simplewebauthn/server";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { isProofFresh } from "@/lib/domains/accounts/identity-proof/freshness";
import { requireProofUnderLock } from "@/lib/domains/accounts/identity-proof/proof-under-lock";
import type { SessionProof } from "@/lib/domains/accounts/identity-proof/types";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { activeUserOrThrow } from "./active-user";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { passkeyChangedMail } from "@/lib/domains/mail/templates/passkey-changed";
import { takeChallenge } from "./challenges";
import { passkeyNameOrThrow } from "./passkey-name";
import { registrationChallengeKey } from "./registration-options";
import { getRelyingParty, REQUIRE_USER_VERIFICATION } from "./relying-party";
import { knownTransports } from "./transports";

const refused = (message: string) => new AppError("validation_failed", message);
const alreadyRegistered = () => new AppError("conflict", "This passkey is already registered.");

/**
 * Verifies the browser's answer to passkeyRegistrationOptions() and stores the passkey. The
 * challenge is taken before verifying, so a failed attempt cannot be retried with it. A new
 * passkey is a new way in: it needs the session's fresh identity proof (purpose add_passkey), of
 * a kind that counts when the passkey is stored, checked under the account's row lock (a passkey
 * or TOTP added meanwhile means only a strong factor proves); the account address hears of it.
 * Not in an impersonation session (`acting`): support access adds no way into the account.
 */
export async function registerPasskey(
  userId: number,
  response: RegistrationResponseJSON,
  name: string,
  opts: { proof: SessionProof; now?: Date; acting?: Acting },
) {
  assertNotImpersonating(opts.acting, "security");
  // Checked first: a typo in the name or a stale proof must not burn the challenge.
  const label = passkeyNameOrThrow(name);
  if (!isProofFresh(opts.proof.identityProvedAt, opts.now))
    throw new AppError("identity_proof_required", "Confirm your identity again before adding a passkey.");
  const user = await activeUserOrThrow(userId);
  const stored = await takeChallenge(registrationChallengeKey(userId));
  if (!stored || stored.userId !== userId) throw refused("The passkey request has expired or was already used. Please start again.");

  const rp = getRelyingParty();
  let result: VerifiedRegistrationResponse;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: REQUIRE_USER_VERIFICATION,
    });
  } catch {
    // The library's reason names expected values; the caller only needs to know it failed.
    throw refused("The passkey could not be verified. Please try again.");
  }
  if (!result.verified) throw refused("The passkey could not be verified. Please try again.");

  const { credential, credentialBackedUp } = result.registrationInfo;
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) throw alreadyRegistered();
  try {
    return await db.$transaction(async (tx) => {
      await requireProofUnderLock(tx, userId, "add_passkey", opts.proof, opts.now);
      const row = await tx.passkey.create({
        data: {
          userId,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: BigInt(credential.counter),
          transports: knownTransports(credential.transports),
          name: label,
          backedUp: credentialBackedUp,
        },
        select: { id: true, name: true, createdAt: true, backedUp: true, transports: true },
      });
      await recordActivity({ actorUserId: userId, type: ACTIVITY.passkeyRegistered, subjectType: "passkey", subjectId: row.id }, tx);
      await sendMail(
        {
          to: user.email,
          ...(await passkeyChangedMail({ change: "added", name: label, language: recipientLanguage({ userLocale: user.locale }) })),
          mailType: "passkey_changed",
        },
        tx,
      );
      return row;
    });
  } catch (err) {
    // Two registrations of one credential racing past the check above: the unique index decides.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw alreadyRegistered();
    throw err;
  }
}
