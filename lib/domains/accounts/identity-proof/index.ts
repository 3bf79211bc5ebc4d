// Fresh identity proof (spec 5.3, 5.4): which proofs an action accepts, checking one, and the
// e-mail code and passkey ceremonies behind two of them. The session layer stores provedAt.
export { EMAIL_CODE_TTL_SECONDS, sendEmailProofCode } from "./email-code";
export { IdentityProofRefusedError, type IdentityProofRefusal } from "./errors";
export { FRESH_PROOF_MAX_AGE_MS, freshProofFor, isProofFresh } from "./freshness";
export { passkeyProofOptions } from "./passkey-proof";
export { proveIdentity, sessionProofKinds, type ProveIdentityOptions } from "./prove-identity";
export { requireProofUnderLock } from "./proof-under-lock";
export { acceptedProofKinds, proofKindsFor, type ProofAccount } from "./rules";
export type { IdentityProof, ProofKind, ProofPurpose, SessionProof } from "./types";
