import { describe, expect, it } from "vitest";
import { IdentityProofRefusedError } from "./errors";
import { proofKindsFor, type ProofAccount } from "./rules";
import type { ProofKind, ProofPurpose } from "./types";

const PURPOSES: ProofPurpose[] = [
  "email_change",
  "first_two_factor_setup",
  "api_token",
  "disable_two_factor",
  "renew_recovery_codes",
  "add_passkey",
  "remove_passkey",
  "set_first_password",
];

// Written out by hand from spec 5.3/5.4, not derived from the code under test.
const TABLE: { account: ProofAccount; expected: Record<ProofPurpose, ProofKind[]> }[] = [
  {
    account: { hasTotp: true, hasPassword: true, hasPasskey: true },
    expected: {
      email_change: ["app_code", "recovery_code"],
      first_two_factor_setup: [],
      api_token: ["password", "app_code", "email_code", "passkey"],
      disable_two_factor: ["app_code", "recovery_code"],
      renew_recovery_codes: ["app_code", "recovery_code"],
      add_passkey: ["app_code", "recovery_code", "passkey"],
      remove_passkey: ["app_code", "recovery_code", "passkey"],
      set_first_password: [],
    },
  },
  {
    account: { hasTotp: true, hasPassword: false, hasPasskey: false },
    expected: {
      email_change: ["app_code", "recovery_code"],
      first_two_factor_setup: [],
      api_token: ["app_code", "email_code"],
      disable_two_factor: ["app_code", "recovery_code"],
      renew_recovery_codes: ["app_code", "recovery_code"],
      add_passkey: ["app_code", "recovery_code"],
      remove_passkey: ["app_code", "recovery_code"],
      set_first_password: ["app_code", "recovery_code"],
    },
  },
  {
    // A passkey is a strong factor: a further one (passkey or app) needs it, never password or mailbox.
    account: { hasTotp: false, hasPassword: true, hasPasskey: true },
    expected: {
      email_change: ["password", "email_code", "passkey"],
      first_two_factor_setup: ["passkey"],
      api_token: ["password", "email_code", "passkey"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["passkey"],
      remove_passkey: ["passkey"],
      set_first_password: [],
    },
  },
  {
    account: { hasTotp: false, hasPassword: true, hasPasskey: false },
    expected: {
      email_change: ["password", "email_code"],
      first_two_factor_setup: ["password", "email_code"],
      api_token: ["password", "email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["password", "email_code"],
      remove_passkey: [],
      set_first_password: [],
    },
  },
  {
    account: { hasTotp: false, hasPassword: false, hasPasskey: true },
    expected: {
      email_change: ["email_code", "passkey"],
      first_two_factor_setup: ["passkey"],
      api_token: ["email_code", "passkey"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["passkey"],
      remove_passkey: ["passkey"],
      set_first_password: ["email_code", "passkey"],
    },
  },
  {
    // Legacy login-link account: may still change its address (spec 5.4).
    account: { hasTotp: false, hasPassword: false, hasPasskey: false },
    expected: {
      email_change: ["email_code"],
      first_two_factor_setup: ["email_code"],
      api_token: ["email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["email_code"],
      remove_passkey: [],
      set_first_password: ["email_code"],
    },
  },
  {
    // Staff enrol their strong factor with the mailbox or a factor they have, never the password alone.
    account: { hasTotp: false, hasPassword: true, hasPasskey: false, isStaff: true },
    expected: {
      email_change: ["password", "email_code"],
      first_two_factor_setup: ["email_code"],
      api_token: ["password", "email_code"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["email_code"],
      remove_passkey: [],
      set_first_password: [],
    },
  },
  {
    account: { hasTotp: false, hasPassword: true, hasPasskey: true, isStaff: true },
    expected: {
      email_change: ["password", "email_code", "passkey"],
      first_two_factor_setup: ["passkey"],
      api_token: ["password", "email_code", "passkey"],
      disable_two_factor: [],
      renew_recovery_codes: [],
      add_passkey: ["passkey"],
      remove_passkey: ["passkey"],
      set_first_password: [],
    },
  },
  {
    account: { hasTotp: true, hasPassword: true, hasPasskey: false, isStaff: true },
    expected: {
      email_change: ["app_code", "recovery_code"],
      first_two_factor_setup: [],
      api_token: ["password", "app_code", "email_code"],
      disable_two_factor: ["app_code", "recovery_code"],
      renew_recovery_codes: ["app_code", "recovery_code"],
      add_passkey: ["app_code", "recovery_code"],
      remove_passkey: ["app_code", "recovery_code"],
      set_first_password: [],
    },
  },
];

describe("proofKindsFor (the rule table)", () => {
  for (const { account, expected } of TABLE) {
    for (const purpose of PURPOSES) {
      it(`${JSON.stringify(account)} ${purpose} -> ${expected[purpose].join(" | ") || "nothing"}`, () => {
        expect(proofKindsFor(purpose, account)).toEqual(expected[purpose]);
      });
    }
  }

  it("never accepts a recovery code outside the two-factor changes, the e-mail change and new credentials of a TOTP account", () => {
    for (const { account } of TABLE) {
      for (const purpose of ["api_token", "first_two_factor_setup"] as const)
        expect(proofKindsFor(purpose, account)).not.toContain("recovery_code");
    }
  });

  it("never accepts the mailbox or the password for a further strong factor once the account has one", () => {
    for (const { account } of TABLE.filter((t) => t.account.hasTotp || t.account.hasPasskey)) {
      for (const purpose of ["add_passkey", "first_two_factor_setup"] as const) {
        expect(proofKindsFor(purpose, account)).not.toContain("email_code");
        expect(proofKindsFor(purpose, account)).not.toContain("password");
      }
    }
  });

  it("removes a passkey only with a strong factor the account has, never the mailbox or the password", () => {
    for (const { account } of TABLE) {
      const kinds = proofKindsFor("remove_passkey", account);
      expect(kinds).not.toContain("email_code");
      expect(kinds).not.toContain("password");
      if (account.hasPasskey) expect(kinds).toContain("passkey");
    }
  });

  it("never accepts a password to enrol a staff member's strong factor", () => {
    for (const { account } of TABLE.filter((t) => t.account.isStaff)) {
      for (const purpose of ["add_passkey", "first_two_factor_setup"] as const)
        expect(proofKindsFor(purpose, account)).not.toContain("password");
    }
  });
});

describe("IdentityProofRefusedError", () => {
  it("maps wrong and not accepted to a failed form check, throttled to 429 with Retry-After in seconds", () => {
    const wrong = new IdentityProofRefusedError("wrong");
    expect(wrong).toMatchObject({ reason: "wrong", code: "validation_failed", status: 422, issues: [{ path: "proof" }] });
    const notAccepted = new IdentityProofRefusedError("not_accepted", { acceptedKinds: ["app_code"] });
    expect(notAccepted).toMatchObject({
      reason: "not_accepted",
      status: 422,
      details: { reason: "not_accepted", acceptedKinds: ["app_code"] },
    });
    const throttled = new IdentityProofRefusedError("throttled", { retryAfterSeconds: 17 });
    expect(throttled).toMatchObject({
      reason: "throttled",
      code: "rate_limited",
      status: 429,
      retryAfterSeconds: 17,
      headers: { "Retry-After": "17" },
    });
    expect(new IdentityProofRefusedError("throttled", { retryAfterSeconds: 0 }).retryAfterSeconds).toBe(1);
  });
});
