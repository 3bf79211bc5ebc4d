import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { activeUserOrThrow } from "./active-user";
import { storeChallenge } from "./challenges";
import { getRelyingParty } from "./relying-party";
import { passkeyUserHandle } from "./user-handle";

/** One open registration per account: a newer request replaces the older challenge. */
export const registrationChallengeKey = (userId: number) => `passkey:registration:${userId}`;

/** Options for navigator.credentials.create() (browser: startRegistration) for a signed-in user; not in an impersonation session (`acting`). */
export async function passkeyRegistrationOptions(
  userId: number,
  opts: { acting?: Acting } = {},
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertNotImpersonating(opts.acting, "security");
  const user = await activeUserOrThrow(userId);
  const existing = await db.passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } });
  const rp = getRelyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: passkeyUserHandle(user.id),
    userName: user.email,
    userDisplayName: user.name,
    attestationType: "none",
    // The authenticator refuses to create a second credential for this account.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await storeChallenge(registrationChallengeKey(user.id), { challenge: options.challenge, userId: user.id });
  return options;
}
