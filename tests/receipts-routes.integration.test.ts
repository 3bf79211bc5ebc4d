import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { verifyReceiptAction } from "@/app/hub/nachweis-pruefen/actions";
import { GET as download } from "@/app/hub/dashboard/releases/[id]/receipts/[sequence]/route";
import { GET as receiptKeys } from "@/app/hub/well-known/receipt-keys.json/route";
import { NEWS_WINDOW_HOURS } from "@/lib/adapters/public/seo/news-sitemap";
import { ReceiptPanel } from "@/components/dashboard/receipt-panel";
import { ReceiptFacts } from "@/components/receipts/receipt-facts";
import { VERIFY_COPY } from "@/components/receipts/verify-copy";
import { releaseReceipts } from "@/lib/adapters/dashboard/release-receipts";
import { db } from "@/lib/core/db/client";
import { KI } from "@/lib/domains/releases/history";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { NEWS_SITEMAP_WINDOW_HOURS } from "@/lib/domains/releases/receipts/receipt-payload";
import { rotateReceiptKey } from "@/lib/domains/releases/receipts/signing-keys";
import { apiNewsroom, seedCheckedRelease, seedNewsroom } from "./release-fixtures";
import { uniqueClientIp } from "./client-addresses";
import { signIn, withPageSession } from "./page-session";

// The doors of the receipts: the hub's well-known key list, the public check (a server action,
// so it works without JavaScript) and the customer's downloads, which only the release's
// newsroom gets.

let requestHeaders = new Headers();
vi.mock("next/headers", async () => {
  const session = (await import("@/tests/page-session")).nextHeaders;
  return { ...session, headers: async () => requestHeaders };
});
withPageSession();

let owner = { id: 0 };
let releaseId = 0;
let jws = "";
let oldKid = "";

beforeAll(async () => {
  const newsroom = await seedNewsroom();
  owner = newsroom.owner;
  const release = await seedCheckedRelease(newsroom.company.id, owner.id);
  await publishRelease({ releaseId: release.id, actor: KI });
  releaseId = release.id;
  const receipt = await db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId: release.id } });
  jws = receipt.jws;
  oldKid = receipt.kid;
});

/** The public check as the browser sends it: a form with the pasted text and a file field. */
async function check(edition: "de" | "en", fields: { receipt?: string; file?: File }, ip = uniqueClientIp()) {
  requestHeaders = new Headers({ "x-forwarded-for": ip });
  const form = new FormData();
  form.set("receipt", fields.receipt ?? "");
  form.set("file", fields.file ?? new File([], "", { type: "application/octet-stream" }));
  return verifyReceiptAction(edition, null, form);
}

const changed = () => {
  const r = JSON.parse(jws) as Record<string, string>;
  const payload = JSON.parse(Buffer.from(r["payload"]!, "base64url").toString("utf8")) as Record<string, unknown>;
  return JSON.stringify({ ...r, payload: Buffer.from(JSON.stringify({ ...payload, content_hash: "0".repeat(64) })).toString("base64url") });
};

const get = (sequence: string, format?: string) =>
  download(
    new Request(`http://hub.localhost:3000/dashboard/releases/${releaseId}/receipts/${sequence}${format ? `?format=${format}` : ""}`),
    {
      params: Promise.resolve({ id: String(releaseId), sequence }),
    },
  );

describe("the hub's public receipt check", () => {
  it("answers valid with the stated facts in the page's language, pasted or as a file", async () => {
    const pasted = await check("de", { receipt: jws });
    expect(pasted).toMatchObject({ ok: true, kid: oldKid, later: 0, pasted: jws });
    if (!pasted.ok) throw new Error("unreachable");
    expect(pasted.statements.find((s) => s.label === "Ereignis")?.lines).toEqual(["Veröffentlicht"]);
    expect(pasted.statements.find((s) => s.label === "Automatische Prüfung")?.lines).toEqual(["bestanden (grün)"]);

    // The table a person reads: row headers, a caption, and no machine words.
    const html = renderToStaticMarkup(
      ReceiptFacts({ statements: pasted.statements, caption: VERIFY_COPY.de.factsCaption, headers: VERIFY_COPY.de }),
    );
    expect(html).toContain("<caption");
    expect(html).toContain('<th scope="row">Freigegeben durch</th>');
    expect(html).not.toMatch(/automatic_check|"green"|>published</);

    const asFile = await check("en", { file: new File([jws], "receipt.json", { type: "application/json" }) });
    expect(asFile).toMatchObject({ ok: true, pasted: "" });
    if (!asFile.ok) throw new Error("unreachable");
    expect(asFile.statements.find((s) => s.label === "Event")?.lines).toEqual(["Published"]);
  });

  it("answers invalid and why, in German and English, and never fails on bad input", async () => {
    expect(await check("de", { receipt: changed() })).toEqual({
      ok: false,
      reason: expect.stringContaining("Angaben des Nachweises wurden nach der Ausstellung verändert"),
      pasted: changed(),
    });
    expect(await check("en", { receipt: changed() })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("statements were changed"),
    });
    expect(await check("de", { receipt: "kein Nachweis" })).toMatchObject({ ok: false, reason: expect.stringContaining("kein JSON") });
    expect(await check("de", {})).toMatchObject({ ok: false, reason: expect.stringContaining("kein Nachweis übermittelt") });
    const big = new File(["x".repeat(64 * 1024 + 1)], "big.json");
    expect(await check("de", { file: big })).toMatchObject({ ok: false, reason: expect.stringContaining("64 KiB") });
    // A request that carries no form at all, as anyone can send one to the action.
    expect(await verifyReceiptAction("de", null, "nonsense" as unknown as FormData)).toMatchObject({ ok: false });
  });

  it("is throttled per client: 30 checks a minute", async () => {
    const ip = uniqueClientIp();
    for (let i = 0; i < 30; i++) expect(await check("de", { receipt: "{}" }, ip)).toMatchObject({ ok: false });
    expect(await check("de", { receipt: jws }, ip)).toMatchObject({ ok: false, reason: expect.stringContaining("zu viele Prüfungen") });
    expect(await check("de", { receipt: jws })).toMatchObject({ ok: true });
  });
});

describe("the well-known receipt keys", () => {
  it("lists the current and every retired key as a JWK Set, cached five minutes", async () => {
    const { current } = await rotateReceiptKey();
    const res = await receiptKeys(new Request("http://hub.localhost:3000/.well-known/receipt-keys.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const { keys } = (await res.json()) as { keys: { kid: string; retired_at: string | null; alg: string; use: string }[] };
    expect(keys.map((k) => [k.kid, k.retired_at === null])).toEqual([
      [current, true],
      [oldKid, false],
    ]);
    expect(keys.every((k) => k.alg === "EdDSA" && k.use === "sig")).toBe(true);
    // A receipt of the retired key still checks out on the page.
    expect(await check("de", { receipt: jws })).toMatchObject({ ok: true, kid: oldKid, keyRetired: true });
  });
});

describe("the customer's downloads", () => {
  it("the newsroom gets the JSON exactly as issued and the PDF, never cached", async () => {
    await signIn(owner.id);
    const json = await get("1");
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="receipt-${releaseId}-1.json"`);
    expect(json.headers.get("cache-control")).toBe("private, no-store");
    expect(await json.text()).toBe(jws);

    const pdf = await get("1", "pdf");
    expect([pdf.status, pdf.headers.get("content-type"), pdf.headers.get("cache-control")]).toEqual([
      200,
      "application/pdf",
      "private, no-store",
    ]);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    expect((await get("2")).status).toBe(404);
    expect((await get("1", "docx")).status).toBe(422);
    const rows = await releaseReceipts(owner.id, releaseId);
    expect(rows.map((r) => [r.sequence, r.event, r.jsonHref])).toEqual([
      [1, "Veröffentlicht", `/dashboard/releases/${releaseId}/receipts/1?format=json`],
    ]);
    const panel = renderToStaticMarkup(ReceiptPanel({ receipts: rows }));
    expect(panel).toContain(`href="/dashboard/releases/${releaseId}/receipts/1?format=pdf"`);
    expect(panel).toContain('href="/nachweis-pruefen"');
    expect(panel).toContain('<th scope="col">Ereignis</th>');
  });

  it("another newsroom's user gets 404, and nobody signed in gets 401", async () => {
    expect((await get("1")).status).toBe(401);
    const stranger = await seedNewsroom();
    await signIn(stranger.owner.id);
    expect((await get("1")).status).toBe(404);
    expect((await get("1", "pdf")).status).toBe(404);
    await expect(releaseReceipts(stranger.owner.id, releaseId)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("API v1: GET /api/v1/releases/{id}/receipts", () => {
  it("lists the release's receipts with the signed file as issued; another newsroom's token gets 404", async () => {
    const { api, owner: apiOwner, company } = await apiNewsroom();
    const release = await seedCheckedRelease(company.id, apiOwner.id);
    const none = await api.call("listReleaseReceipts", { params: { id: release.id } });
    expect([none.status, none.body]).toEqual([200, { data: [] }]);
    await publishRelease({ releaseId: release.id, actor: KI });
    const issued = await db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId: release.id } });
    const listed = await api.call("listReleaseReceipts", { params: { id: release.id } });
    expect([listed.status, listed.body.data]).toEqual([
      200,
      [{ sequence: 1, event: "published", issued_at: issued.issuedAt.toISOString(), kid: issued.kid, jws: issued.jws }],
    ]);
    const other = await apiNewsroom();
    expect((await other.api.call("listReleaseReceipts", { params: { id: release.id } })).status).toBe(404);
  });
});

describe("the news sitemap window a receipt states", () => {
  it("is the news sitemap's own", () => {
    expect(NEWS_SITEMAP_WINDOW_HOURS).toBe(NEWS_WINDOW_HOURS);
  });
});
