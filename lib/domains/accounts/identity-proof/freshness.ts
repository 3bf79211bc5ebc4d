/** How long a proof stays fresh for the actions of spec 5.3/5.4. */
export const FRESH_PROOF_MAX_AGE_MS = 10 * 60 * 1000;

// Instances stamp and check with their own clocks; a proof a moment "in the future" is a
// clock difference, one far ahead is not a proof we made.
const CLOCK_SKEW_MS = 5_000;

/** True when the proof is at most ten minutes old. */
export function isProofFresh(provedAt: Date | null | undefined, now: Date = new Date()): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - provedAt.getTime();
  return Number.isFinite(age) && age >= -CLOCK_SKEW_MS && age <= FRESH_PROOF_MAX_AGE_MS;
}

/**
 * A session's proof counts for an action when it is at most ten minutes old and of a kind the
 * action accepts: a password proof given for an API token does not enrol a staff passkey.
 */
export function freshProofFor(
  session: { identityProvedAt: Date | null; identityProofKind: string | null },
  acceptedKinds: readonly string[],
  now = new Date(),
): Date | null {
  const accepted = !!session.identityProofKind && acceptedKinds.includes(session.identityProofKind);
  return accepted && isProofFresh(session.identityProvedAt, now) ? session.identityProvedAt : null;
}
