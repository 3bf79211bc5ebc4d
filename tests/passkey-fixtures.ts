import { acceptedProofKinds } from "@/lib/domains/accounts/identity-proof/rules";
import { seedUser } from "./factories";
import { registerPasskey } from "@/lib/domains/accounts/passkeys/register-passkey";
import { passkeyRegistrationOptions } from "@/lib/domains/accounts/passkeys/registration-options";
import { getRelyingParty } from "@/lib/domains/accounts/passkeys/relying-party";
import { SoftwareAuthenticator } from "./software-authenticator";

// Test helper: users with a registered passkey, built through the real registration path.

export function newAuthenticator(counter: number | null = 0): SoftwareAuthenticator {
  return new SoftwareAuthenticator(getRelyingParty().origin, counter);
}

/** Registers through the real path, as a session that just gave a proof the account accepts for it. */
export async function registerWith(userId: number, authenticator: SoftwareAuthenticator, name = "Laptop") {
  const options = await passkeyRegistrationOptions(userId);
  const [kind] = await acceptedProofKinds(userId, "add_passkey");
  return registerPasskey(userId, authenticator.register(options), name, {
    proof: { identityProvedAt: new Date(), identityProofKind: kind ?? null },
  });
}

export async function seedUserWithPasskey(counter: number | null = 0) {
  const user = await seedUser();
  const authenticator = newAuthenticator(counter);
  const passkey = await registerWith(user.id, authenticator);
  return { user, authenticator, passkey };
}
