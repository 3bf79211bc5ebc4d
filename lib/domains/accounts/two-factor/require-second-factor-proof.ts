import { checkSecondFactor, type SecondFactorContext } from "./check-second-factor";
import { invalidCode, twoFactorNotEnabled } from "./errors";

/** A proof for a two-factor change (spec 5.4): throws unless the app or recovery code passes. */
export async function requireSecondFactorProof(userId: number, proof: string, entryPoint: string, ctx: SecondFactorContext): Promise<void> {
  const result = await checkSecondFactor({ userId, input: proof, entryPoint, ...ctx });
  if (result.ok) return;
  throw result.reason === "not_enabled" ? twoFactorNotEnabled() : invalidCode();
}
