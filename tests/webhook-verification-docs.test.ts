import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newMessageId, signedHeaders } from "@/lib/domains/webhooks/signing";
import { newSigningSecret } from "@/lib/domains/webhooks/secrets";

// The verification snippets of docs/api.md "Webhooks: verifying a delivery" run as written,
// against a message signed the way deliveries are, and refuse a tampered one.

const doc = readFileSync("docs/api.md", "utf8");
const section = doc.slice(doc.indexOf("### Webhooks: verifying a delivery"), doc.indexOf("## Payment webhook"));
const block = (lang: string) => {
  const m = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(section);
  if (!m) throw new Error(`no ${lang} block in docs/api.md`);
  return m[1]!;
};

const secret = newSigningSecret();
const rotatedOut = newSigningSecret();
const body = JSON.stringify({
  type: "release.published",
  timestamp: new Date().toISOString(),
  data: { release: { id: 7, title: "Grüße" } },
});
const headers = signedHeaders(newMessageId(), new Date(), body, [rotatedOut, secret]);
const tampered = body.replace("Grüße", "Grüsse");

describe("docs/api.md: verifying a webhook delivery", () => {
  it("the Node snippet accepts the message and refuses a changed body", () => {
    const run = (b: string) =>
      execFileSync(
        "node",
        [
          "-e",
          `${block("js")}\nconsole.log(JSON.stringify(verify(process.argv[1], JSON.parse(process.argv[2]), JSON.parse(process.argv[3]))))`,
          "--",
          secret,
          JSON.stringify(b),
          JSON.stringify(headers),
        ],
        {
          encoding: "utf8",
          stdio: "pipe",
        },
      );
    expect(JSON.parse(run(body))).toMatchObject({ type: "release.published" });
    expect(() => run(tampered)).toThrow(/No matching signature/);
  });

  it("the Python snippet accepts the message and refuses a changed body", () => {
    const run = (b: string) =>
      execFileSync(
        "python3",
        [
          "-c",
          `${block("python")}\nimport json, sys\nverify(sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].encode())\nprint("ok")`,
          secret,
          JSON.stringify(headers),
          b,
        ],
        {
          encoding: "utf8",
          stdio: "pipe",
        },
      );
    expect(run(body).trim()).toBe("ok");
    expect(() => run(tampered)).toThrow(/no matching signature/);
  });

  it("the shell one-liner prints a signature that is in webhook-signature", () => {
    const dir = mkdtempSync(join(tmpdir(), "webhook-doc-"));
    const run = (b: string) => {
      writeFileSync(join(dir, "body.json"), b);
      return execFileSync("bash", ["-c", block("sh")], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, ID: headers["webhook-id"], TS: headers["webhook-timestamp"], SECRET: secret },
      }).trim();
    };
    const given = headers["webhook-signature"]!.split(" ").map((s) => s.slice(3));
    expect(given).toContain(run(body));
    expect(given).not.toContain(run(tampered));
  });
});
