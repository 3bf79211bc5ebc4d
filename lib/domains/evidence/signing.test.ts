import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { setLimits } from "@/tests/limits";
import { archivePublicKeys, canonicalJson, isKnownArchiveKeyId, signEvidence, verifyEvidence } from "./signing";

const A = randomBytes(32).toString("base64");
const B = randomBytes(32).toString("base64");
const KEYS = ["ARCHIVE_SIGNING_KEY", "ARCHIVE_SIGNING_KEY_ID", "ARCHIVE_PREVIOUS_KEYS"];
afterAll(() => setLimits(Object.fromEntries(KEYS.map((k) => [k, undefined]))));

describe("canonicalJson", () => {
  it("orders keys at every depth, so one value always gives the same bytes", () => {
    const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" }, u: undefined };
    const b = { a: { c: "x", d: [3, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ at: new Date("2026-01-02T03:04:05.006Z"), n: null })).toBe('{"at":"2026-01-02T03:04:05.006Z","n":null}');
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });
});

describe("archive signatures", () => {
  it("sign with the current key and verify under its id; another id or altered data fails", () => {
    setLimits({ ARCHIVE_SIGNING_KEY: A, ARCHIVE_SIGNING_KEY_ID: "ka", ARCHIVE_PREVIOUS_KEYS: undefined });
    const { signature, keyId } = signEvidence("evidence");
    expect(keyId).toBe("ka");
    expect(Buffer.from(signature, "base64")).toHaveLength(64);
    expect(verifyEvidence("evidence", signature, "ka")).toBe(true);
    expect(verifyEvidence(Buffer.from("evidence"), signature, "ka")).toBe(true);
    expect(verifyEvidence("evidencE", signature, "ka")).toBe(false);
    expect(verifyEvidence("evidence", signature, "nope")).toBe(false);
    expect(verifyEvidence("evidence", "not base64!", "ka")).toBe(false);
    expect(verifyEvidence("evidence", Buffer.alloc(64).toString("base64"), "ka")).toBe(false);
    // Deterministic from the secret: the same secret signs the same bytes identically.
    expect(signEvidence("evidence").signature).toBe(signature);
  });

  it("a signature by a previous key verifies once that key is listed in ARCHIVE_PREVIOUS_KEYS, not before", () => {
    setLimits({ ARCHIVE_SIGNING_KEY: A, ARCHIVE_SIGNING_KEY_ID: "ka", ARCHIVE_PREVIOUS_KEYS: undefined });
    const old = signEvidence("old evidence");
    const oldPublic = archivePublicKeys()[0]!;
    setLimits({ ARCHIVE_SIGNING_KEY: B, ARCHIVE_SIGNING_KEY_ID: "kb" });
    expect(isKnownArchiveKeyId("ka")).toBe(false);
    expect(verifyEvidence("old evidence", old.signature, "ka")).toBe(false);
    setLimits({ ARCHIVE_PREVIOUS_KEYS: `ka:${A}` });
    expect(verifyEvidence("old evidence", old.signature, "ka")).toBe(true);
    // The previous key never signs, and its signature is not taken for the current key's.
    expect(signEvidence("new").keyId).toBe("kb");
    expect(verifyEvidence("old evidence", old.signature, "kb")).toBe(false);
    const keys = archivePublicKeys();
    expect(keys.map((k) => [k.id, k.current])).toEqual([
      ["kb", true],
      ["ka", false],
    ]);
    expect(keys[1]!.publicKeyBase64).toBe(oldPublic.publicKeyBase64);
    expect(Buffer.from(keys[0]!.publicKeyBase64, "base64")).toHaveLength(32);
    expect(keys[0]!.publicKeyBase64).not.toBe(keys[1]!.publicKeyBase64);
  });
});
