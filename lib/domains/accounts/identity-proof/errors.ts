import { AppError, type ErrorCode, type ValidationIssue } from "@/lib/core/errors/errors";
import type { ProofKind } from "./types";

export type IdentityProofRefusal = "wrong" | "not_accepted" | "throttled";

interface Shape {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
  issues?: ValidationIssue[];
  headers?: Record<string, string>;
}

function shape(reason: IdentityProofRefusal, opts: { retryAfterSeconds?: number; acceptedKinds?: ProofKind[] }): Shape {
  switch (reason) {
    case "throttled": {
      const retryAfterSeconds = Math.max(1, opts.retryAfterSeconds ?? 60);
      return {
        code: "rate_limited",
        message: "Too many identity confirmations. Try again later.",
        details: { reason, retryAfterSeconds },
        headers: { "Retry-After": String(retryAfterSeconds) },
      };
    }
    case "not_accepted":
      return {
        code: "validation_failed",
        message: "This kind of confirmation is not accepted here.",
        details: { reason, acceptedKinds: opts.acceptedKinds ?? [] },
        issues: [{ path: "proof", message: "Diese Art der Bestätigung ist hier nicht möglich." }],
      };
    case "wrong":
      return {
        code: "validation_failed",
        message: "The confirmation is not valid.",
        details: { reason },
        issues: [{ path: "proof", message: "Die Bestätigung ist ungültig, abgelaufen oder wurde bereits verwendet." }],
      };
  }
}

/**
 * A refused identity proof. Wrong and not-accepted proofs are a failed form check (422,
 * `validation_failed`, issue on `proof`); throttled is 429 with Retry-After in seconds.
 */
export class IdentityProofRefusedError extends AppError {
  override name = "IdentityProofRefusedError";
  readonly reason: IdentityProofRefusal;
  /** Set when throttled. */
  readonly retryAfterSeconds?: number;

  constructor(reason: IdentityProofRefusal, opts: { retryAfterSeconds?: number; acceptedKinds?: ProofKind[] } = {}) {
    const s = shape(reason, opts);
    super(s.code, s.message, s.details, s.issues, s.headers);
    this.reason = reason;
    if (reason === "throttled") this.retryAfterSeconds = s.details.retryAfterSeconds as number;
  }
}
