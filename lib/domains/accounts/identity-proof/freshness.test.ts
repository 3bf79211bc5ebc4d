import { describe, expect, it } from "vitest";
import { FRESH_PROOF_MAX_AGE_MS, freshProofFor, isProofFresh } from "./freshness";

describe("isProofFresh", () => {
  const now = new Date("2026-03-03T09:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("is fresh for ten minutes, up to and including the last millisecond", () => {
    expect(FRESH_PROOF_MAX_AGE_MS).toBe(600_000);
    expect(isProofFresh(now, now)).toBe(true);
    expect(isProofFresh(ago(9 * 60_000), now)).toBe(true);
    expect(isProofFresh(ago(FRESH_PROOF_MAX_AGE_MS), now)).toBe(true);
    expect(isProofFresh(ago(FRESH_PROOF_MAX_AGE_MS + 1), now)).toBe(false);
  });

  it("is not fresh without a proof, with an invalid date or one far in the future", () => {
    expect(isProofFresh(null, now)).toBe(false);
    expect(isProofFresh(undefined, now)).toBe(false);
    expect(isProofFresh(new Date(Number.NaN), now)).toBe(false);
    expect(isProofFresh(ago(-2_000), now)).toBe(true);
    expect(isProofFresh(ago(-60_000), now)).toBe(false);
  });

  it("defaults to the current time", () => {
    expect(isProofFresh(new Date())).toBe(true);
    expect(isProofFresh(new Date(Date.now() - FRESH_PROOF_MAX_AGE_MS - 1000))).toBe(false);
  });
});

describe("freshProofFor", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it("reuses a proof only of a kind the action accepts, and only while fresh", () => {
    const byPassword = { identityProvedAt: minutesAgo(2), identityProofKind: "password" };
    expect(freshProofFor(byPassword, ["password", "email_code"], now)).toEqual(minutesAgo(2));
    // A staff member's passkey enrolment does not take the password proof given for a token.
    expect(freshProofFor(byPassword, ["email_code"], now)).toBeNull();
    expect(freshProofFor({ identityProvedAt: minutesAgo(11), identityProofKind: "password" }, ["password"], now)).toBeNull();
    // Proofs from before the kind was recorded count for nothing.
    expect(freshProofFor({ identityProvedAt: minutesAgo(1), identityProofKind: null }, ["password"], now)).toBeNull();
  });
});
