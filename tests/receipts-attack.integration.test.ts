import { createHmac, createPrivateKey, generateKeyPairSync } from "node:crypto";
import { calculateJwkThumbprint, FlattenedSign } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { verifyReceiptAction } from "@/app/hub/nachweis-pruefen/actions";
import { GET as download } from "@/app/hub/dashboard/releases/[id]/receipts/[sequence]/route";
import { GET as receiptKeys } from "@/app/hub/well-known/receipt-keys.json/route";
import { editionFeed } from "@/lib/adapters/public/feeds/feeds";
import { db } from "@/lib/core/db/client";
import { openSecret } from "@/lib/core/security/sealed-secret";
import { deleteCompany } from "@/lib/domains/companies/delete-company";
import { restoreCompany } from "@/lib/domains/companies/restore-company";
import { applyRedaction } from "@/lib/domains/legal/corrections/apply-redaction";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";
import { deleteReleaseIn } from "@/lib/domains/releases/delete-release";
import { KI } from "@/lib/domains/releases/history";
import { lockRelease } from "@/lib/domains/releases/lock";
import { archiveRelease, unarchiveRelease } from "@/lib/domains/releases/moves";
import { publishLocked, publishRelease } from "@/lib/domains/releases/publish-release";
import { payloadOfIssued } from "@/lib/domains/releases/receipts/envelope";
import type { ReceiptPayload } from "@/lib/domains/releases/receipts/receipt-payload";
import { rotateReceiptKey } from "@/lib/domains/releases/receipts/signing-keys";
import { verifyReceipt } from "@/lib/domains/releases/receipts/verify-receipt";
import { markReleaseGone, unmarkReleaseGone } from "@/lib/domains/releases/tombstone";
import { databaseRefusal } from "./database-refusal";
import { seedRelease, unique } from "./factories";
import { uniqueClientIp } from "./client-addresses";
import { signIn, withPageSession } from "./page-session";
import { seedPublicImage } from "./public-image-fixtures";
import { apiNewsroom, checkWithImages, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// The receipts read as an attacker and a sceptical auditor would: forged and bent envelopes on
// the public check (hostile key ids, members given twice, a key that leaked before its
// rotation), other people's downloads, hostile titles in the PDF, races on keys and sequences,
// and statements a receipt makes, which must be true when it is issued and stay free of what a
// redaction removes: a newsroom's deletion and an image change issue their receipt, a removed
// release states no images, the feed is stated only where the feed lists the release, and no
// receipt names a title.

let requestHeaders = new Headers();
vi.mock("next/headers", async () => {
  const session = (await import("@/tests/page-session")).nextHeaders;
  return { ...session, headers: async () => requestHeaders };
});
withPageSession();

interface Envelope {
  protected: string;
  payload: string;
  signature: string;
}

const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");
const decoded = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
const envelope = (jws: string) => JSON.parse(jws) as Envelope;
const codeOf = async (text: string) => {
  const v = await verifyReceipt(text);
  return v.valid ? "valid" : v.reason.code;
};

const receiptsOf = (pressReleaseId: number) => db.publicationReceipt.findMany({ where: { pressReleaseId }, orderBy: { sequence: "asc" } });
const lastPayload = async (pressReleaseId: number) => payloadOfIssued((await receiptsOf(pressReleaseId)).at(-1)!.jws);

async function publishedRelease(data: Parameters<typeof seedCheckedRelease>[2] = {}) {
  const { owner, company } = await seedNewsroom({ quota: 50 });
  const release = await seedCheckedRelease(company.id, owner.id, data);
  await publishRelease({ releaseId: release.id, actor: KI });
  return { owner, company, release, receipt: (await receiptsOf(release.id))[0]! };
}

/** The public check as a browser (or anyone with curl) sends it. */
async function check(fields: { receipt?: string; file?: File }, ip = uniqueClientIp()) {
  requestHeaders = new Headers({ "x-forwarded-for": ip });
  const form = new FormData();
  form.set("receipt", fields.receipt ?? "");
  form.set("file", fields.file ?? new File([], "", { type: "application/octet-stream" }));
  return verifyReceiptAction("de", null, form);
}

const get = (releaseId: number, sequence: number | string, format = "json") =>
  download(new Request(`http://hub.localhost:3000/dashboard/releases/${releaseId}/receipts/${sequence}?format=${format}`), {
    params: Promise.resolve({ id: String(releaseId), sequence: String(sequence) }),
  });

/** A second Ed25519 key pair: the attacker's own. */
async function attackerKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" }) as { kty: "OKP"; crv: "Ed25519"; x: string };
  return { privateKey, jwk, kid: await calculateJwkThumbprint(jwk, "sha256") };
}

async function signWith(privateKey: Parameters<FlattenedSign["sign"]>[0], header: Record<string, unknown>, payload: unknown) {
  const jws = await new FlattenedSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header as Parameters<FlattenedSign["setProtectedHeader"]>[0])
    .sign(privateKey);
  return JSON.stringify({ protected: jws.protected, payload: jws.payload, signature: jws.signature });
}

/** Whether some transaction waits for an advisory lock right now; how many. */
const advisoryWaiters = async () =>
  (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)[0]!.n;

async function until(condition: () => Promise<boolean>, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

let victim: Awaited<ReturnType<typeof publishedRelease>>;
let other: Awaited<ReturnType<typeof publishedRelease>>;

beforeAll(async () => {
  victim = await publishedRelease();
  other = await publishedRelease();
});

describe("the public check cannot be fooled", () => {
  it("alg confusion, crit/b64, an embedded jwk, the attacker's own kid, an unprotected header: nothing passes", async () => {
    const ours = envelope(victim.receipt.jws);
    const header = decoded(ours.protected);
    const statements = decoded(ours.payload);
    const forged = { ...statements, content_hash: "f".repeat(64), approval: { by: "editor" } };
    const evil = await attackerKey();

    // The attacker signs with a key of their own and names it by its own thumbprint / embeds it.
    expect(await codeOf(await signWith(evil.privateKey, { alg: "EdDSA", typ: header["typ"], kid: evil.kid, jwk: evil.jwk }, forged))).toBe(
      "unknown_key",
    );
    // ... or names our key id while embedding their key (a verifier that trusts `jwk` would pass it).
    const embedded = await signWith(evil.privateKey, { alg: "EdDSA", typ: header["typ"], kid: header["kid"], jwk: evil.jwk }, forged);
    expect(await codeOf(embedded)).not.toBe("valid");
    // jku / x5u pointing anywhere change nothing either.
    expect(
      await codeOf(
        await signWith(evil.privateKey, { alg: "EdDSA", typ: header["typ"], kid: header["kid"], jku: "https://evil.example/k" }, forged),
      ),
    ).not.toBe("valid");

    // HS256 keyed with our *public* key (the classic confusion), and alg none.
    const hsHeader = b64({ alg: "HS256", typ: header["typ"], kid: header["kid"] });
    const hsPayload = b64(forged);
    const hsSig = createHmac("sha256", Buffer.from(String((await publicKeyOf(String(header["kid"]))).x), "base64url"))
      .update(`${hsHeader}.${hsPayload}`)
      .digest("base64url");
    expect(await codeOf(JSON.stringify({ protected: hsHeader, payload: hsPayload, signature: hsSig }))).toBe("bad_header");
    expect(await codeOf(JSON.stringify({ protected: b64({ ...header, alg: "none" }), payload: b64(forged), signature: "" }))).toBe(
      "bad_header",
    );
    // b64:false with crit (RFC 7797): the unencoded payload would be signed as it stands.
    expect(await codeOf(JSON.stringify({ ...ours, protected: b64({ ...header, b64: false, crit: ["b64"] }) }))).toBe("bad_header");
    // An unprotected header next to the protected one is refused outright.
    expect(await codeOf(JSON.stringify({ ...ours, header: { kid: evil.kid, alg: "none" } }))).toBe("not_jws");
    // The signature of one receipt with the statements of another.
    expect(await codeOf(JSON.stringify({ ...ours, payload: envelope(other.receipt.jws).payload }))).not.toBe("valid");
    // The payload bytes must be the signed ones: the same JSON re-encoded differently is another payload.
    expect(await codeOf(JSON.stringify({ ...ours, payload: b64(JSON.stringify(statements, null, 1)) }))).not.toBe("valid");
  });

  it("a malleated signature (S + L), padding, the standard alphabet and spare bits are refused", async () => {
    const ours = envelope(victim.receipt.jws);
    const sig = Buffer.from(ours.signature, "base64url");
    const L = (1n << 252n) + 27742317777372353535851937790883648493n;
    let s = 0n;
    for (let i = 31; i >= 0; i--) s = (s << 8n) | BigInt(sig[32 + i]!);
    const malleated = Buffer.from(sig);
    for (let i = 0; i < 32; i++) malleated[32 + i] = Number(((s + L) >> BigInt(8 * i)) & 0xffn);
    expect(await codeOf(JSON.stringify({ ...ours, signature: malleated.toString("base64url") }))).not.toBe("valid");
    expect(await codeOf(JSON.stringify({ ...ours, payload: `${ours.payload}=` }))).toBe("malformed");
    expect(await codeOf(JSON.stringify({ ...ours, signature: Buffer.from(sig).toString("base64") }))).toBe("malformed");
    expect(await codeOf(JSON.stringify({ ...ours, signature: `${ours.signature} ` }))).toBe("malformed");
    expect(await codeOf(JSON.stringify({ ...ours, signature: ours.signature + "AA" }))).not.toBe("valid");
  });

  it("hostile shapes and sizes get a verdict, never an exception: deep nesting, huge kids, prototype keys, binary", async () => {
    const ours = envelope(victim.receipt.jws);
    const header = decoded(ours.protected);
    const inputs = [
      "[".repeat(30_000) + "]".repeat(30_000),
      `{"a":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`,
      JSON.stringify({ ...ours, protected: b64("[".repeat(20_000) + "]".repeat(20_000)) }),
      JSON.stringify({ ...ours, protected: b64({ ...header, kid: "k".repeat(128) }) }),
      JSON.stringify({ ...ours, protected: b64({ ...header, kid: "k".repeat(129) }) }),
      JSON.stringify({ ...ours, protected: b64({ ...header, kid: "\ud800" }) }),
      JSON.stringify({ ...ours, protected: b64({ ...header, kid: ["x"] }) }),
      JSON.stringify({
        ...ours,
        protected: b64(`{"alg":"EdDSA","typ":"${String(header["typ"])}","kid":"${String(header["kid"])}","__proto__":{"crit":1}}`),
      }),
      `{"__proto__":{"x":1},"protected":"${ours.protected}","payload":"${ours.payload}","signature":"${ours.signature}"}`,
      JSON.stringify({ ...ours, payload: b64({ receipt_id: 1e300 }) }),
      JSON.stringify({ ...ours, payload: b64({ receipt_id: -1 }) }),
      JSON.stringify({ ...ours, payload: b64({ receipt_id: 2_147_483_647 }) }),
      JSON.stringify({ ...ours, payload: b64("\u0000") }),
      "\u0000\u0001\u0002",
      "\uFEFF" + victim.receipt.jws,
      "x".repeat(64 * 1024),
      "é".repeat(40 * 1024),
    ];
    for (const input of inputs) {
      const verdict = await verifyReceipt(input);
      expect(verdict.valid, input.slice(0, 80)).toBe(false);
    }
    // The page: more than 64 KiB pasted or as a file is refused unread, and nothing answers 5xx.
    expect(await check({ receipt: "{".repeat(200_000) })).toMatchObject({ ok: false });
    expect(await check({ file: new File(["{".repeat(64 * 1024 + 1)], "r.json") })).toMatchObject({ ok: false });
  });

  it("a key id with a NUL character, or of any shape but our thumbprint's, is refused before it reaches the database", async () => {
    const ours = envelope(victim.receipt.jws);
    const header = decoded(ours.protected);
    const hostile = JSON.stringify({ ...ours, protected: b64({ ...header, kid: "a\u0000b" }) });
    // Anyone can send this: no key, no signature needed. It must be an answer, not an exception.
    await expect(verifyReceipt(hostile)).resolves.toMatchObject({ valid: false, reason: { code: "bad_header" } });
    await expect(check({ receipt: hostile })).resolves.toMatchObject({ ok: false });
    // Our kid with a NUL appended or inside, one character short, one too many: the shape decides.
    const kid = String(header["kid"]);
    for (const bent of [`${kid}\u0000`, `${kid.slice(0, 20)}\u0000${kid.slice(21)}`, kid.slice(1), `${kid}A`, `${kid.slice(1)}=`])
      expect(await codeOf(JSON.stringify({ ...ours, protected: b64({ ...header, kid: bent }) })), JSON.stringify(bent)).toBe("bad_header");
    // A receipt id beyond the column's range, or a NUL in it, never reaches a query either.
    for (const receipt_id of [2_147_483_648, 1e300, "1\u0000", -1, 1.5])
      expect(await codeOf(JSON.stringify({ ...ours, payload: b64({ ...decoded(ours.payload), receipt_id }) }))).toBe("bad_signature");
  });

  it("a file with a member given twice is no receipt: the payload a reader sees first is never vouched for", async () => {
    const ours = envelope(victim.receipt.jws);
    const lie = b64({ ...decoded(ours.payload), release: { title: "Etwas ganz anderes" }, content_hash: "0".repeat(64) });
    // A reader who opens the file (or a parser that keeps the first member) would see `lie`, while
    // JSON.parse keeps the last one. "Exactly the members protected, payload, signature", each once.
    const twice = `{"protected":"${ours.protected}","payload":"${lie}","signature":"${ours.signature}","payload":"${ours.payload}"}`;
    expect(await codeOf(twice)).toBe("not_jws");
    for (const member of ["protected", "signature"]) {
      const value = ours[member as keyof Envelope];
      expect(await codeOf(`{"${member}":"${value}",${victim.receipt.jws.slice(1)}`)).toBe("not_jws");
    }
    // The same member twice with the same value is refused too; a new layout of the three is not.
    expect(await codeOf(`{"payload":"${ours.payload}",${victim.receipt.jws.slice(1)}`)).toBe("not_jws");
    expect(await codeOf(JSON.stringify(JSON.parse(victim.receipt.jws), null, 4).replace(/\n/g, "\r\n\t"))).toBe("valid");
    expect(await codeOf(JSON.stringify({ signature: ours.signature, payload: ours.payload, protected: ours.protected }))).toBe("valid");
  });

  it("a key leaked before a rotation signs nothing the check accepts: never issued, dated after its retirement, or bent", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    const issued = (await receiptsOf(release.id))[0]!;
    // docs/receipts.md: "Rotate as well when APP_KEY may have leaked together with a copy of the
    // database." The copy holds the sealed key; APP_KEY opens it.
    const row = await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: issued.kid } });
    const leaked = createPrivateKey({
      key: Buffer.from(openSecret("receipt-signing-key", row.privateKeySealed, row.kid), "base64url"),
      format: "der",
      type: "pkcs8",
    });
    const { retired } = await rotateReceiptKey();
    expect(retired).toBe(issued.kid);
    const retiredAt = (await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: issued.kid } })).retiredAt!;

    // After the rotation the thief writes a receipt of their own under the retired key.
    const statements = payloadOfIssued(issued.jws);
    const fake: ReceiptPayload = {
      ...statements,
      receipt_id: 2_000_000_000,
      sequence: 99,
      event: "published",
      issued_at: new Date(retiredAt.getTime() + 86_400_000).toISOString(),
      published_at: "2020-01-01T00:00:00.000Z",
      approval: { by: "editor" },
    };
    const forged = await signWith(leaked, decoded(envelope(issued.jws).protected), fake);
    expect(await receiptsOf(release.id)).toHaveLength(1);
    // The rotation ended what that key can prove: it signed nothing after retired_at, and we never
    // issued receipt 2,000,000,000.
    expect(await codeOf(forged)).toBe("not_issued");
    expect(await check({ receipt: forged })).toEqual({ ok: false, reason: "Diesen Nachweis haben wir nicht ausgestellt.", pasted: forged });
    // Nor does the thief get far naming a receipt we did issue: the signature holds, but the
    // stored receipt is another one.
    for (const bent of [
      { ...statements, approval: { by: "editor" } },
      { ...statements, issued_at: new Date(retiredAt.getTime() + 1).toISOString() },
      { ...statements, receipt_id: other.receipt.id },
    ])
      expect(await codeOf(await signWith(leaked, decoded(envelope(issued.jws).protected), bent))).toBe("not_issued");
    // The retired key's private key is gone from the database; what it signed before still verifies.
    expect((await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: issued.kid } })).privateKeySealed).toBe("");
    expect(await codeOf(issued.jws)).toBe("valid");
    // Even a forged row slipped into the table (it takes inserts) does not pass: it is dated after
    // its key's retirement.
    await db.publicationReceipt.create({
      data: {
        id: fake.receipt_id,
        pressReleaseId: release.id,
        sequence: 99,
        event: "published",
        kid: issued.kid,
        jws: forged,
        contentHash: fake.content_hash,
        issuedAt: new Date(fake.issued_at),
      },
    });
    expect(await codeOf(forged)).toBe("not_issued");
  });
});

describe("downloads and the API: only the release's own newsroom", () => {
  it("another newsroom's user, a former member and a stranger's token get 404; a sequence never reaches another release", async () => {
    const stranger = await seedNewsroom();
    await signIn(stranger.owner.id);
    for (const format of ["json", "pdf"]) expect((await get(victim.release.id, 1, format)).status).toBe(404);
    // Own release id with the sequence of the other one: still only that release's receipt.
    await signIn(victim.owner.id);
    expect(await (await get(victim.release.id, 1)).text()).toBe(victim.receipt.jws);
    expect((await get(other.release.id, 1)).status).toBe(404);
    // Odd sequences are refused, never a 5xx and never another receipt.
    for (const odd of [0, -1, "1e0", "01", " 1", "1.0", 2_147_483_648, "9".repeat(400)])
      expect([404, 422], String(odd)).toContain((await get(victim.release.id, odd)).status);

    // A member who was removed from the newsroom loses the receipts at once.
    const { company } = victim;
    const member = await seedNewsroom();
    await db.companyUser.create({ data: { companyId: company.id, userId: member.owner.id, role: "member", grantedVia: "manual" } });
    await signIn(member.owner.id);
    expect((await get(victim.release.id, 1)).status).toBe(200);
    await db.companyUser.delete({ where: { companyId_userId: { companyId: company.id, userId: member.owner.id } } });
    expect((await get(victim.release.id, 1)).status).toBe(404);

    const { api } = await apiNewsroom();
    expect((await api.call("listReleaseReceipts", { params: { id: victim.release.id } })).status).toBe(404);
  });

  it("a deleted release answers 404 to everyone, its own newsroom included", async () => {
    const { owner, release } = await publishedRelease();
    const admin = await seedAdmin();
    await db.$transaction((tx) =>
      deleteReleaseIn(tx, { releaseId: release.id, actor: { type: "admin", userId: admin.id }, reason: "Test" }),
    );
    await signIn(owner.id);
    expect((await get(release.id, 1)).status).toBe(404);
    expect((await get(release.id, 2)).status).toBe(404);
  });
});

describe("the PDF of hostile titles and names", () => {
  const titles: [string, string][] = [
    ["a single 20,000-character word", "A".repeat(20_000)],
    [
      "right-to-left overrides, Arabic and Hebrew",
      "\u202Eتحرير الشركة \u05E9\u05DC\u05D5\u05DD\u202C \u202Bمرحبا\u202C \u2067isolate\u2069 Ende",
    ],
    ["control characters", "Titel\u0001\u0002\u0007\u0008\u000B\u000C\u001B[31m\u007F\u0085\u2028\u2029\u0009 Ende"],
    ["2,000 combining marks", "Z" + "\u0336\u0337\u0338\u20DD".repeat(500)],
    ["emoji, astral and noncharacters", "🚀🔥👩‍👩‍👧‍👦 \u{1D54F}\u{10FFFF}\uFFFF\uFFFE\uFEFF\uE000 Ende"],
    ["zero-width characters only", "\u200B\u200C\u200D\u2060".repeat(2_000)],
    ["3,000 line breaks", "Start" + "\n".repeat(3_000) + "Ende"],
    ["PDF syntax", ") Tj ET /JavaScript (app.alert(1)) %%EOF \\ \\\\ ( << /S /Launch >>"],
  ];
  for (const [what, title] of titles) {
    it(`renders ${what} (200, a PDF)`, async () => {
      const { owner, company } = await seedNewsroom({ quota: 5 });
      await db.company.update({ where: { id: company.id }, data: { name: `\u202E${title.slice(0, 500)}` } });
      const release = await seedCheckedRelease(company.id, owner.id, { data: { title } });
      await publishRelease({ releaseId: release.id, actor: KI });
      await signIn(owner.id);
      const started = Date.now();
      const res = await get(release.id, 1, "pdf");
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(Date.now() - started).toBeLessThan(20_000);
      // And the page shows the statements without failing.
      const page = await check({ receipt: (await receiptsOf(release.id))[0]!.jws });
      expect(page).toMatchObject({ ok: true });
    });
  }
});

describe("races", () => {
  it("concurrent archive/unarchive: sequences stay 1, 2, 3, … without gaps or doubles, each receipt verifies", async () => {
    const { owner, release } = await publishedRelease();
    const actor = { type: "user" as const, userId: owner.id };
    const runs = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? unarchiveRelease({ releaseId: release.id, actor }) : archiveRelease({ releaseId: release.id, actor }),
      ),
    );
    const done = runs.filter((r) => r.status === "fulfilled").length;
    const receipts = await receiptsOf(release.id);
    expect(receipts.map((r) => r.sequence)).toEqual(Array.from({ length: done + 1 }, (_, i) => i + 1));
    for (let i = 1; i < receipts.length; i++) expect(receipts[i]!.event).not.toBe(receipts[i - 1]!.event);
    for (const r of receipts) expect(payloadOfIssued(r.jws).sequence).toBe(r.sequence);
    for (const r of receipts) expect(await codeOf(r.jws)).toBe("valid");
  });

  it("a rotation during a publication waits for it: the publication signs with the old key before the key is retired", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    let letCommit!: () => void;
    const mayCommit = new Promise<void>((r) => (letCommit = r));
    let published!: () => void;
    const hasPublished = new Promise<void>((r) => (published = r));
    const publication = db.$transaction(
      async (tx) => {
        await publishLocked(tx, await lockRelease(tx, release.id), { actor: KI, now: new Date() });
        published();
        await mayCommit;
      },
      { timeout: 15_000 },
    );
    await hasPublished;
    const rotation = rotateReceiptKey();
    await until(async () => (await advisoryWaiters()) > 0);
    letCommit();
    await publication;
    const { retired } = await rotation;
    const receipt = (await receiptsOf(release.id))[0]!;
    expect(receipt.kid).toBe(retired);
    const key = await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: retired! } });
    expect(receipt.issuedAt.getTime()).toBeLessThanOrEqual(key.retiredAt!.getTime());
  });

  it("a publication that starts while a rotation runs signs with the new key, never with the retired one", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    // Someone holds the key lock exclusively (a rotation in flight): the next rotation and the publication queue behind it.
    let letGo!: () => void;
    const mayGo = new Promise<void>((r) => (letGo = r));
    let holding!: () => void;
    const isHolding = new Promise<void>((r) => (holding = r));
    const holder = db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('receipt-signing-key'))`;
        holding();
        await mayGo;
      },
      { timeout: 15_000 },
    );
    await isHolding;
    const before = await advisoryWaiters();
    const rotation = rotateReceiptKey();
    await until(async () => (await advisoryWaiters()) > before);
    const publication = publishRelease({ releaseId: release.id, actor: KI });
    await until(async () => (await advisoryWaiters()) > before + 1);
    letGo();
    await holder;
    const { current, retired } = await rotation;
    await publication;
    const receipt = (await receiptsOf(release.id))[0]!;
    expect(receipt.kid).toBe(current);
    expect(receipt.kid).not.toBe(retired);
  });

  it("two rotations at once leave exactly one current key, and every key stays published", async () => {
    const [a, b] = await Promise.all([rotateReceiptKey(), rotateReceiptKey()]);
    expect(await db.receiptSigningKey.count({ where: { retiredAt: null } })).toBe(1);
    const res = await receiptKeys(new Request("http://hub.localhost:3000/.well-known/receipt-keys.json"));
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    for (const kid of [a.current, b.current, a.retired, b.retired]) expect(keys.map((k) => k["kid"])).toContain(kid);
  });
});

describe("insert-only and the private key", () => {
  it("a receipt cannot be removed by removing its release either (the cascade meets the trigger)", async () => {
    const { release, receipt } = await publishedRelease();
    const refusal = await databaseRefusal(db.$executeRaw`DELETE FROM press_releases WHERE id = ${release.id}`);
    expect(refusal?.message).toContain("publication_receipts is insert-only");
    expect((await receiptsOf(release.id))[0]!.jws).toBe(receipt.jws);
  });

  it("the key list, the API and the check carry no private key material; every kid is its key's thumbprint", async () => {
    const res = await receiptKeys(new Request("http://hub.localhost:3000/.well-known/receipt-keys.json"));
    const text = await res.text();
    const { keys } = JSON.parse(text) as { keys: Record<string, unknown>[] };
    for (const k of keys) {
      expect(Object.keys(k).sort()).toEqual(["alg", "created_at", "crv", "kid", "kty", "retired_at", "use", "x"]);
      expect(await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: String(k["x"]) }, "sha256")).toBe(k["kid"]);
    }
    // Retired keys' private keys are erased (""); only the current one is sealed.
    const rows = await db.receiptSigningKey.findMany();
    expect(rows.filter((r) => r.retiredAt).every((r) => r.privateKeySealed === "")).toBe(true);
    const sealed = rows.filter((r) => !r.retiredAt).map((r) => r.privateKeySealed);
    expect(sealed).toHaveLength(1);
    for (const s of sealed) expect(text).not.toContain(s.split(".")[2]);
    const { api, owner, company } = await apiNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    const listed = await api.call("listReleaseReceipts", { params: { id: release.id } });
    expect(Object.keys((listed.body as { data: Record<string, unknown>[] }).data[0]!).sort()).toEqual([
      "event",
      "issued_at",
      "jws",
      "kid",
      "sequence",
    ]);
    for (const s of sealed) expect(JSON.stringify(listed.body)).not.toContain(s.split(".")[2]);
  });

  it("no person's name in a receipt: no author, editor or contact person", async () => {
    const { owner, company } = await seedNewsroom();
    await db.user.update({ where: { id: owner.id }, data: { name: "Erika Autorin" } });
    const admin = await seedAdmin();
    await db.user.update({ where: { id: admin.id }, data: { name: "Rudi Redakteur" } });
    const release = await seedCheckedRelease(company.id, owner.id, { result: "yellow", data: { contactName: "Karla Kontakt" } });
    await publishRelease({ releaseId: release.id, actor: { type: "admin", userId: admin.id } });
    const payload = JSON.stringify(await lastPayload(release.id));
    for (const name of ["Erika Autorin", "Rudi Redakteur", "Karla Kontakt", owner.email, admin.email]) expect(payload).not.toContain(name);
    expect(JSON.parse(payload)).toMatchObject({ approval: { by: "editor" } });
  });
});

describe("what a receipt states", () => {
  it("withheld and unconfirmed images are not stated; delivered ones are, in order", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const shown = await seedPublicImage(release.id, { position: 0, isCover: true });
    await seedPublicImage(release.id, { position: 1, precheckWithheldAt: new Date() });
    await seedPublicImage(release.id, { position: 2, withheldAt: new Date() });
    await seedPublicImage(release.id, { position: 3, uploadedByAdmin: true });
    await checkWithImages(release.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    expect((await lastPayload(release.id)).images.map((i) => i.sha256)).toEqual([shown.bytesSha256]);
  });

  it("deleting a newsroom takes its public releases offline (404) with a receipt each, and restoring it brings the next", async () => {
    const { owner, company, release, receipt } = await publishedRelease();
    const archived = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: archived.id, actor: KI });
    await archiveRelease({ releaseId: archived.id, actor: { type: "user", userId: owner.id } });
    const draft = await seedCheckedRelease(company.id, owner.id);
    const admin = await seedAdmin(["companies:write", "press-releases:publish"]);
    await deleteCompany({ companyId: company.id, actorUserId: admin.id, reason: "Kündigung" });
    const public_ = await db.pressRelease.count({ where: { id: release.id, company: { deletedAt: null } } });
    expect(public_).toBe(0);
    // Anyone holding receipt 1 now learns that the state it describes has changed since.
    expect(await verifyReceipt(receipt.jws)).toMatchObject({ valid: true, later: 1 });
    expect(await lastPayload(release.id)).toMatchObject({
      sequence: 2,
      event: "newsroom_deleted",
      state: { public: false, listed: false },
      images: [],
    });
    // Every ever-published release gets one (an archived one too); a never-published one none.
    expect((await receiptsOf(archived.id)).map((r) => r.event)).toEqual(["published", "archived", "newsroom_deleted"]);
    expect(await receiptsOf(draft.id)).toEqual([]);

    await restoreCompany({ companyId: company.id, actorUserId: admin.id, reason: "Versehen" });
    expect(await lastPayload(release.id)).toMatchObject({ sequence: 3, event: "newsroom_restored", state: { public: true } });
    expect(await lastPayload(archived.id)).toMatchObject({ event: "newsroom_restored", state: { public: false, status: "archived" } });
    for (const r of await receiptsOf(release.id)) expect(await codeOf(r.jws)).toBe("valid");
  });

  it("staff taking an image off a public release issue a receipt that no longer states the image", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const kept = await seedPublicImage(release.id, { position: 0, isCover: true });
    const removed = await seedPublicImage(release.id, { position: 1 });
    await checkWithImages(release.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    const admin = await seedAdmin();
    await removeReleaseImage({ imageId: removed.id, userId: admin.id, asAdmin: true, reason: "Rechteinhaber widerspricht" });
    expect((await receiptsOf(release.id)).map((r) => r.event)).toEqual(["published", "images_changed"]);
    expect((await lastPayload(release.id)).images.map((i) => i.sha256)).toEqual([kept.bytesSha256]);
    // An image change of a release that is not public changes nothing a receipt states: none.
    await archiveRelease({ releaseId: release.id, actor: { type: "user", userId: owner.id } });
    await removeReleaseImage({ imageId: kept.id, userId: admin.id, asAdmin: true, reason: "Rechteinhaber widerspricht" });
    expect((await receiptsOf(release.id)).map((r) => r.event)).toEqual(["published", "images_changed", "archived"]);
  });

  it("after such an image change, the receipts still name the check that let the text out", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await seedPublicImage(release.id, { position: 0, isCover: true });
    const removed = await seedPublicImage(release.id, { position: 1 });
    await checkWithImages(release.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    expect(await lastPayload(release.id)).toMatchObject({ check: { outcome: "green" }, approval: { by: "automatic_check" } });
    const admin = await seedAdmin();
    await removeReleaseImage({ imageId: removed.id, userId: admin.id, asAdmin: true, reason: "Rechteinhaber widerspricht" });
    expect(await lastPayload(release.id)).toMatchObject({
      event: "images_changed",
      check: { outcome: "green" },
      approval: { by: "automatic_check" },
    });
    // The newsroom archives it: the receipt re-states who let the text out.
    await archiveRelease({ releaseId: release.id, actor: { type: "user", userId: owner.id } });
    expect(await lastPayload(release.id)).toMatchObject({
      event: "archived",
      check: { outcome: "green" },
      approval: { by: "automatic_check" },
    });
  });

  it("archiving and unarchiving an older release yields a receipt that states no feed listing where the 50-item feed does not list it", async () => {
    const now = new Date();
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI, now: ago(180) });
    // Fifty newer releases of the same portal edition (any newsroom): the feed holds the newest 50.
    const busy = await seedNewsroom();
    for (let i = 0; i < 50; i++)
      await seedRelease({ companyId: busy.company.id, status: "published", publishedAt: ago(120 - i), publishedEverAt: ago(120 - i) });
    const actor = { type: "user" as const, userId: owner.id };
    await archiveRelease({ releaseId: release.id, actor, now: ago(30) });
    await unarchiveRelease({ releaseId: release.id, actor, now: ago(10) });
    const stated = await lastPayload(release.id);
    const feed = await editionFeed("business", "de", "rss", now);
    if (feed.kind !== "ok") throw new Error("no feed");
    const listedInFeed = feed.document.includes(stated.release.urls.public);
    // The receipt may say "listed" only where the feed lists it.
    expect({ stated: stated.feed !== null, listedInFeed }).toEqual({ stated: listedInFeed, listedInFeed });
    expect(stated).toMatchObject({ event: "unarchived", feed: null, state: { public: true, listed: true } });
  });

  it("a removed (410) release's receipt states no images: its page delivers none", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await seedPublicImage(release.id, { position: 0, isCover: true });
    await checkWithImages(release.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    const admin = await seedAdmin();
    await markReleaseGone({ releaseId: release.id, actor: { type: "admin", userId: admin.id }, reason: "Gerichtsbeschluss" });
    const removed = await lastPayload(release.id);
    expect(removed).toMatchObject({ event: "removed", state: { public: false, gone: true } });
    // docs/receipts.md: `images` are "the images the page delivers after the change".
    expect(removed.images).toEqual([]);
    await unmarkReleaseGone({ releaseId: release.id, actor: { type: "admin", userId: admin.id } });
    expect((await lastPayload(release.id)).images).toHaveLength(1);
  });

  it("a legal redaction of a person's name leaves no trace in earlier receipts: they name no title", async () => {
    const name = `Max Mustermann ${unique("p")}`;
    const { owner, release } = await publishedRelease({ data: { title: `${name} eröffnet Werk in Brandenburg` } });
    const admin = await seedAdmin();
    await db.$transaction(async (tx) =>
      applyRedaction(tx, {
        release: await lockRelease(tx, release.id),
        passages: [name],
        actor: { type: "admin", userId: admin.id },
        legalRequestId: 1,
        now: new Date(),
      }),
    );
    const current = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(current.title).not.toContain(name);
    await signIn(owner.id);
    const first = await get(release.id, 1);
    expect(first.status).toBe(200);
    // The erased name must not live on in a signed, undeletable statement that the dashboard, the
    // API and every PDF keep handing out.
    const stated = payloadOfIssued(await first.text());
    expect(stated.release).not.toHaveProperty("title");
    expect(JSON.stringify(stated)).not.toContain(name);
    expect(stated.content_hash).not.toBe(current.contentHash);
    // The PDF prints the title as it is now, marked as not part of the receipt; the public check shows none.
    const pdf = await get(release.id, 1, "pdf");
    expect(pdf.status).toBe(200);
    const page = await check({ receipt: await (await get(release.id, 1)).text() });
    if (!page.ok) throw new Error("not valid");
    expect(JSON.stringify(page.statements)).not.toContain(name);
    expect(JSON.stringify(page.statements)).not.toContain(current.title);
  });
});

/** The public key of a kid, as the well-known list publishes it. */
async function publicKeyOf(kid: string): Promise<{ x: string }> {
  const row = await db.receiptSigningKey.findUniqueOrThrow({ where: { kid } });
  return { x: row.publicKey };
}
