import { randomBytes } from "node:crypto";
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { activeUserOrThrow } from "./active-user";
import { storeChallenge } from "./challenges";
import { getRelyingParty, REQUIRE_USER_VERIFICATION } from "./relying-party";

// Sign-in happens before anyone is known, so the challenge is filed under a random handle that
// the caller keeps (e.g. in a short-lived cookie) and hands back with the browser's answer.

export const authenticationChallengeKey = (handle: string) => `passkey:authentication:${handle}`;

export interface PasskeyAuthenticationStart {
  handle: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

async function start(
  allowCredentials: { id: string; transports: string[] }[] | undefined,
  userId?: number,
): Promise<PasskeyAuthenticationStart> {
  const rp = getRelyingParty();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    userVerification: REQUIRE_USER_VERIFICATION ? "required" : "preferred",
  });
  const handle = randomBytes(32).toString("base64url");
  await storeChallenge(authenticationChallengeKey(handle), { challenge: options.challenge, ...(userId === undefined ? {} : { userId }) });
  return { handle, options };
}

/** Sign-in without a user name: the browser offers the discoverable passkeys it holds for us. */
export function passkeyAuthenticationOptions(): Promise<PasskeyAuthenticationStart> {
  return start(undefined);
}

/**
 * Confirmation by a known user (admin strong confirmation, identity proof): only that user's
 * passkeys are offered, and verification refuses a passkey of anyone else.
 */
export async function passkeyAuthenticationOptionsForUser(userId: number): Promise<PasskeyAuthenticationStart> {
  await activeUserOrThrow(userId);
  const passkeys = await db.passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } });
  // An empty list would let the browser offer any passkey it holds; say so instead.
  if (!passkeys.length) throw new AppError("validation_failed", "This account has no passkey yet.");
  return start(
    passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userId,
  );
}
