import { describe, expect, it } from "vitest";
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";

describe("recovery codes", () => {
  it("are ten distinct, human-friendly xxxxx-xxxxx codes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it("normalize case, spaces, dashes and look-alike letters, and refuse anything else", () => {
    expect(normalizeRecoveryCode(" AB1C0-DE2F3 ")).toBe("ab1c0de2f3");
    expect(normalizeRecoveryCode("ab1cO dE2f3")).toBe("ab1c0de2f3");
    expect(normalizeRecoveryCode("abIcL-de2f3")).toBe("ab1c1de2f3");
    for (const bad of ["", "123456", "ab1c0-de2f", "ab1c0-de2f3x", "ab1c0-de2u3", "ab1c0_de2f3"])
      expect(normalizeRecoveryCode(bad)).toBeNull();
  });

  it("hash the normalized form with a key, so typing variants match and the hash is not a plain SHA-256", () => {
    const a = hashRecoveryCode(normalizeRecoveryCode("AB1C0-DE2F3")!);
    expect(a).toBe(hashRecoveryCode(normalizeRecoveryCode("ab1co de2f3")!));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(hashRecoveryCode("ab1c0de2f4"));
  });
});
