import type { Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { freshProofFor } from "./freshness";
import { acceptedProofKinds } from "./rules";
import type { ProofPurpose, SessionProof } from "./types";

/**
 * The proof check of a change that adds or removes a strong factor (a passkey, TOTP), inside the
 * change's transaction: the account's row is locked first, so such changes on one account run
 * one after another, and which proofs count is read under that lock. A proof that counted when
 * the form was sent or the setup began may no longer: once a passkey or TOTP was added meanwhile,
 * only a strong factor proves. Throws identity_proof_required when the session's proof does not
 * count now (too old, or of a kind the purpose no longer accepts).
 */
export async function requireProofUnderLock(
  tx: Tx,
  userId: number,
  purpose: ProofPurpose,
  proof: SessionProof,
  now = new Date(),
): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  if (!freshProofFor(proof, await acceptedProofKinds(userId, purpose, tx), now)) {
    throw new AppError("identity_proof_required", "Confirm your identity again, with a way this change accepts.", { purpose });
  }
}
