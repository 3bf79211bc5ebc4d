import { spawnSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { KI } from "../history";
import { publishRelease } from "../publish-release";
import { publishedReceiptKeys } from "./signing-keys";
import { verifyReceipt } from "./verify-receipt";

// A receipt verifies with nothing but the public key: with Node's crypto, with the openssl CLI
// and with the service's own check; one changed byte anywhere makes it fail, with the reason.

let jws = "";
let x = "";

beforeAll(async () => {
  const { owner, company } = await seedNewsroom();
  const release = await seedCheckedRelease(company.id, owner.id);
  await publishRelease({ releaseId: release.id, actor: KI });
  const receipt = await db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId: release.id } });
  jws = receipt.jws;
  x = (await publishedReceiptKeys()).keys.find((k) => k.kid === receipt.kid)!.x;
});

interface Parts {
  protected: string;
  payload: string;
  signature: string;
}
const parts = (): Parts => JSON.parse(jws) as Parts;
const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const decoded = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
const reasonOf = async (text: string) => {
  const verdict = await verifyReceipt(text);
  return verdict.valid ? "valid" : verdict.reason.code;
};

/** The same character position with another character of its kind. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const otherChar = (c: string) => (ALPHABET.includes(c) ? ALPHABET[(ALPHABET.indexOf(c) + 1) % ALPHABET.length]! : "#");

describe("verifying a receipt", () => {
  it("verifies with node:crypto from the published key alone", () => {
    const r = parts();
    const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" });
    expect(verify(null, Buffer.from(`${r.protected}.${r.payload}`), key, Buffer.from(r.signature, "base64url"))).toBe(true);
  });

  it("verifies with the openssl CLI, and openssl refuses a changed payload", () => {
    const dir = mkdtempSync(join(tmpdir(), "receipt-openssl-"));
    const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(x, "base64url")]);
    writeFileSync(join(dir, "key.pem"), `-----BEGIN PUBLIC KEY-----\n${spki.toString("base64")}\n-----END PUBLIC KEY-----\n`);
    const r = parts();
    writeFileSync(join(dir, "sig"), Buffer.from(r.signature, "base64url"));
    const openssl = (input: string) => {
      writeFileSync(join(dir, "input"), input);
      const run = spawnSync(
        "/usr/bin/openssl",
        ["pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "input", "-sigfile", "sig"],
        {
          cwd: dir,
          encoding: "utf8",
        },
      );
      return [run.status, run.stdout.trim()];
    };
    expect(openssl(`${r.protected}.${r.payload}`)).toEqual([0, "Signature Verified Successfully"]);
    const changed = b64({ ...decoded(r.payload), published_at: "2020-01-01T00:00:00.000Z" });
    expect(openssl(`${r.protected}.${changed}`)).toEqual([1, "Signature Verification Failure"]);
  });

  it("the service's check says valid, also for the JSON laid out anew", async () => {
    expect(await reasonOf(jws)).toBe("valid");
    expect(await reasonOf(JSON.stringify(JSON.parse(jws), null, 2))).toBe("valid");
  });

  it("one changed byte anywhere in the file fails", async () => {
    const verdicts = new Set<string>();
    for (let i = 0; i < jws.length; i++) verdicts.add(await reasonOf(jws.slice(0, i) + otherChar(jws[i]!) + jws.slice(i + 1)));
    expect(verdicts.has("valid")).toBe(false);
  });

  it("names what was changed: the statements, the header, the key id or the signature", async () => {
    const r = parts();
    const statements = decoded(r.payload);
    const altered = { ...statements, content_hash: String(statements["content_hash"]).replace(/^./, (c) => (c === "0" ? "1" : "0")) };
    expect(await reasonOf(JSON.stringify({ ...r, payload: b64(altered) }))).toBe("payload_altered");

    const header = decoded(r.protected);
    // A key id of our shape (an RFC 7638 thumbprint) that we never had; anything else is no key id of ours.
    expect(await reasonOf(JSON.stringify({ ...r, protected: b64({ ...header, kid: "A".repeat(43) }) }))).toBe("unknown_key");
    expect(await reasonOf(JSON.stringify({ ...r, protected: b64({ ...header, kid: "someone-elses-key" }) }))).toBe("bad_header");
    expect(await reasonOf(JSON.stringify({ ...r, protected: b64({ ...header, typ: "JWT" }) }))).toBe("bad_header");
    expect(await reasonOf(JSON.stringify({ ...r, protected: b64({ ...header, alg: "none" }) }))).toBe("bad_header");
    expect(await reasonOf(JSON.stringify({ ...r, protected: b64({ ...header, extra: true }) }))).toBe("header_altered");

    const middle = r.signature.length >> 1;
    const signature = r.signature.slice(0, middle) + otherChar(r.signature[middle]!) + r.signature.slice(middle + 1);
    expect(await reasonOf(JSON.stringify({ ...r, signature }))).toBe("signature_altered");
    // The last character carries spare bits: another value there decodes to the same signature,
    // yet it is not the receipt as issued.
    const last = r.signature.at(-1)!;
    const spare = ALPHABET[(ALPHABET.indexOf(last) & ~0b1111) | ((ALPHABET.indexOf(last) + 1) & 0b1111)]!;
    expect(Buffer.from(r.signature.slice(0, -1) + spare, "base64url")).toEqual(Buffer.from(r.signature, "base64url"));
    expect(await reasonOf(JSON.stringify({ ...r, signature: r.signature.slice(0, -1) + spare }))).toBe("malformed");
  });

  it("a signature of a key not ours under our key id does not pass", async () => {
    const r = parts();
    const { privateKey } = generateKeyPairSync("ed25519");
    const forged = sign(null, Buffer.from(`${r.protected}.${r.payload}`), privateKey).toString("base64url");
    expect(await reasonOf(JSON.stringify({ ...r, signature: forged }))).toBe("signature_altered");
  });

  it("tells what is not a receipt at all, and never throws on bad input", async () => {
    expect(await reasonOf("")).toBe("empty");
    expect(await reasonOf("   \n")).toBe("empty");
    expect(await reasonOf("%PDF-1.7")).toBe("not_json");
    expect(await reasonOf("[1,2]")).toBe("not_jws");
    expect(await reasonOf(JSON.stringify({ ...parts(), header: { kid: "x" } }))).toBe("not_jws");
    expect(await reasonOf(JSON.stringify({ ...parts(), payload: 5 }))).toBe("not_jws");
    expect(await reasonOf(`{"signature":"${parts().signature}",${jws.slice(1)}`)).toBe("not_jws");
    expect(await reasonOf(JSON.stringify({ ...parts(), payload: "a+b/c=" }))).toBe("malformed");
    expect(await reasonOf(JSON.stringify({ ...parts(), protected: b64("not json") }))).toBe("bad_header");
    expect(await reasonOf(`${jws}${" ".repeat(64 * 1024)}`)).toBe("too_large");
    const verdict = await verifyReceipt("{");
    expect(verdict).toEqual({
      valid: false,
      reason: { code: "not_json", de: expect.stringContaining("kein JSON"), en: expect.any(String) },
    });
  });
});
