import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { verifyPasskeyAuthentication } from "@/lib/domains/accounts/passkeys";
import { AppError } from "@/lib/core/errors/errors";
import type { ClientContext } from "../sessions/start-session";
import { completeLogin, type CompletedLogin } from "./login-completion";
import { db } from "@/lib/core/db/client";
import { AddressNotVerifiedError, LoginRefusedError } from "./login-errors";
import { assertLoginNotThrottled, recordLoginFailure } from "@/lib/domains/accounts/passwords/login-failures";

/** Sign-in with a passkey (discoverable credential); confirms the session for the admin area too. */
export async function signInWithPasskey(opts: {
  handle: string;
  response: AuthenticationResponseJSON;
  client: ClientContext;
  now?: Date;
}): Promise<CompletedLogin & { userId: number }> {
  await assertLoginNotThrottled(opts.client.ip);
  let userId: number;
  try {
    userId = await verifyPasskeyAuthentication(opts.handle, opts.response, opts.now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // The reason helps support ("challenge expired", "possible clone"); it holds nothing secret.
    console.warn(`passkey sign-in refused: ${err.message}`);
    await recordLoginFailure({ ip: opts.client.ip, entryPoint: "passkey", reason: "wrong", now: opts.now });
    throw new LoginRefusedError();
  }
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  if (!user?.emailVerifiedAt) throw new AddressNotVerifiedError();
  return { ...(await completeLogin({ userId, method: "passkey", client: opts.client, now: opts.now })), userId };
}
