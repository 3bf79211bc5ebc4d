import { describe, expect, it } from "vitest";
import { proofKindOf, readProof, readSecondFactorCode } from "./proof";

const form = (proof: unknown) => {
  const f = new FormData();
  if (proof !== undefined) f.set("proof", typeof proof === "string" ? proof : JSON.stringify(proof));
  return f;
};

const passkeyAnswer = {
  id: "abc_-1",
  rawId: "abc_-1",
  type: "public-key",
  response: { clientDataJSON: "eyJ0", authenticatorData: "SZYN", signature: "MEUC", userHandle: "dXNl" },
  clientExtensionResults: {},
  authenticatorAttachment: "platform",
};

describe("readProof", () => {
  it("reads each kind of proof", () => {
    expect(readProof(form({ kind: "password", password: "correct horse battery" }))).toEqual({
      kind: "password",
      password: "correct horse battery",
    });
    expect(readProof(form({ kind: "app_code", code: " 123 456 " }))).toEqual({ kind: "app_code", code: "123 456" });
    expect(readProof(form({ kind: "recovery_code", code: "abcd-efgh" }))).toEqual({ kind: "recovery_code", code: "abcd-efgh" });
    expect(readProof(form({ kind: "email_code", code: "000123" }))).toEqual({ kind: "email_code", code: "000123" });
    expect(readProof(form({ kind: "passkey", response: passkeyAnswer }))).toEqual({ kind: "passkey", response: passkeyAnswer });
  });

  it("refuses missing, incomplete, malformed and oversized proofs", () => {
    expect(readProof(form(undefined))).toBeNull();
    expect(readProof(form(""))).toBeNull();
    expect(readProof(form("{not json"))).toBeNull();
    expect(readProof(form({ kind: "password", password: "" }))).toBeNull();
    expect(readProof(form({ kind: "app_code", code: "   " }))).toBeNull();
    expect(readProof(form({ kind: "passkey" }))).toBeNull();
    expect(readProof(form({ kind: "passkey", response: { ...passkeyAnswer, type: "other" } }))).toBeNull();
    expect(readProof(form({ kind: "passkey", response: { ...passkeyAnswer, id: "not base64url!" } }))).toBeNull();
    expect(readProof(form({ kind: "magic", code: "1" }))).toBeNull();
    expect(readProof(form({ kind: "password", password: "x".repeat(1025) }))).toBeNull();
    expect(readProof(form(JSON.stringify({ kind: "password", password: "x" }) + " ".repeat(64_001)))).toBeNull();
  });

  it("keeps the chosen kind even when the proof is incomplete", () => {
    expect(proofKindOf(form({ kind: "email_code", code: "" }))).toBe("email_code");
    expect(proofKindOf(form({ kind: "passkey" }))).toBe("passkey");
    expect(proofKindOf(form({ kind: "__proto__" }))).toBeUndefined();
    expect(proofKindOf(form("[1]"))).toBeUndefined();
  });

  it("hands only app and recovery codes to the two-factor changes", () => {
    expect(readSecondFactorCode(form({ kind: "app_code", code: "123456" }))).toBe("123456");
    expect(readSecondFactorCode(form({ kind: "recovery_code", code: "abcd-efgh" }))).toBe("abcd-efgh");
    expect(readSecondFactorCode(form({ kind: "password", password: "secret secret" }))).toBeNull();
    expect(readSecondFactorCode(form({ kind: "email_code", code: "123456" }))).toBeNull();
  });
});
