import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { KI } from "@/lib/domains/releases/history";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { publishedReceiptKeys, rotateReceiptKey } from "@/lib/domains/releases/receipts/signing-keys";
import { seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// The offline verification of docs/receipts.md runs exactly as written (the blocks are read from
// the document): openssl in bash and Node with node:crypto accept a receipt, also one signed by
// a key since retired, and refuse a changed one.

const doc = readFileSync("docs/receipts.md", "utf8");
const section = doc.slice(doc.indexOf("## Verifying without us"));
const block = (lang: string) => {
  const m = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(section);
  if (!m) throw new Error(`no ${lang} block in docs/receipts.md "Verifying without us"`);
  return m[1]!;
};

let oldReceipt = "";
let newReceipt = "";
let keys = "";

async function publishedReceipt(): Promise<string> {
  const { owner, company } = await seedNewsroom();
  const release = await seedCheckedRelease(company.id, owner.id, { data: { title: "Grüße aus Łódź: Werk eröffnet" } });
  await publishRelease({ releaseId: release.id, actor: KI });
  return (await db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId: release.id } })).jws;
}

beforeAll(async () => {
  oldReceipt = await publishedReceipt();
  await rotateReceiptKey();
  newReceipt = await publishedReceipt();
  // As the hub serves it (app/hub/well-known/receipt-keys.json).
  keys = JSON.stringify(await publishedReceiptKeys());
});

/** The receipt with one statement changed, its envelope otherwise as issued. */
function tampered(jws: string): string {
  const r = JSON.parse(jws) as { protected: string; payload: string; signature: string };
  const payload = JSON.parse(Buffer.from(r.payload, "base64url").toString("utf8")) as Record<string, unknown>;
  return JSON.stringify({
    ...r,
    payload: Buffer.from(JSON.stringify({ ...payload, published_at: "2020-01-01T00:00:00.000Z" })).toString("base64url"),
  });
}

function inDirWith(receipt: string): string {
  const dir = mkdtempSync(join(tmpdir(), "receipt-docs-"));
  writeFileSync(join(dir, "receipt.json"), receipt);
  writeFileSync(join(dir, "receipt-keys.json"), keys);
  return dir;
}

const run = (command: string, args: string[], receipt: string) => {
  const out = spawnSync(command, args, { cwd: inDirWith(receipt), encoding: "utf8", timeout: 30_000 });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
};

describe("docs/receipts.md: verifying without us", () => {
  it("the openssl steps verify a receipt of the current key and one of a retired key", () => {
    for (const receipt of [newReceipt, oldReceipt]) {
      const out = run("bash", ["-c", block("bash")], receipt);
      expect(out.stdout, out.stderr).toContain("Signature Verified Successfully");
      expect(out.stdout).toContain('"receipt_version":1');
    }
  });

  it("the openssl steps refuse a changed receipt", () => {
    const out = run("bash", ["-c", block("bash")], tampered(newReceipt));
    expect(out.stdout).toContain("Signature Verification Failure");
    expect(out.stdout).not.toContain("Signature Verified Successfully");
  });

  it("the Node snippet verifies both and refuses a changed one", () => {
    for (const receipt of [newReceipt, oldReceipt]) {
      const out = run(process.execPath, ["-e", block("js")], receipt);
      expect([out.status, out.stdout.trim()], out.stderr).toEqual([0, expect.stringMatching(/^valid: published \d{4}-/)]);
    }
    const out = run(process.execPath, ["-e", block("js")], tampered(newReceipt));
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain("not valid: changed after issue");
  });

  it("the Node snippet is about twenty lines and needs nothing but node:crypto and node:fs", () => {
    const code = block("js");
    expect(code.split("\n").filter((l) => l.trim() && !l.trim().startsWith("//")).length).toBeLessThanOrEqual(22);
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(["node:crypto", "node:fs"]);
  });
});
