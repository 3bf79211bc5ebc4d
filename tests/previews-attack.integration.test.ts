import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as previewImage } from "@/app/hub/vorschau/[token]/bild/[imageId]/[file]/route";
import { GET, HEAD } from "@/app/hub/vorschau/[token]/route";
import { routeBySite } from "@/lib/adapters/public/site-routing";
import { storableAnswer } from "@/lib/adapters/public/stored-answers/storable";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { listPreviewLinks } from "@/lib/domains/releases/previews/list-preview-links";
import { openPreviewLink } from "@/lib/domains/releases/previews/open-preview-link";
import { revokePreviewLink } from "@/lib/domains/releases/previews/revoke-preview-link";
import { hashPreviewToken } from "@/lib/domains/releases/previews/preview-token";
import { returnRelease } from "@/lib/domains/releases/manual-review";
import { withdrawRelease } from "@/lib/domains/releases/moves";
import { createRelease } from "@/lib/domains/releases/save-release";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import { getSiteHosts, type SiteHosts } from "@/lib/domains/sites";
import { uniqueClientIp } from "./client-addresses";
import { unique } from "./factories";
import { setLimits } from "./limits";
import { makeLink, opensOf, previewWorld, RECIPIENT } from "./previews-fixtures";
import { seedPublicImage, type FixtureImage } from "./public-image-fixtures";
import { RED_BODY, seedAdmin, seedNewsroom } from "./release-fixtures";

// The preview feature (docs/previews.md) read as an attacker would: each test tries one attack
// (the first four were holes found in review, now closed) and expects it to fail.

const HOUR = 3_600_000;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-previews-attack-"));
  setLimits({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  setLimits({ STORAGE_DIR: undefined });
  await rm(storageDir, { recursive: true, force: true });
});

const HUB = `${getSiteHosts().protocol}://${getSiteHosts().hub}`;
const req = (path: string, ip = uniqueClientIp(), method = "GET") =>
  new Request(`${HUB}${path}`, { method, headers: { "x-forwarded-for": ip } });
const open = (token: string, ip?: string) => GET(req(`/vorschau/${token}`, ip), { params: Promise.resolve({ token }) });
const head = (token: string, ip?: string) => HEAD(req(`/vorschau/${token}`, ip, "HEAD"), { params: Promise.resolve({ token }) });
const image = (token: string, imageId: number | string, file: string, ip?: string) =>
  previewImage(req(`/vorschau/${token}/bild/${imageId}/${encodeURIComponent(file)}`, ip), {
    params: Promise.resolve({ token, imageId: String(imageId), file }),
  });
const fileOf = (img: FixtureImage, format: "avif" | "webp" | "jpeg" = "jpeg", width = 480) =>
  img.variants
    .find((v) => v.format === format && v.width === width)!
    .key.split("/")
    .at(-1)!;

function expectPrivate(res: Response, what = "") {
  expect([what, res.headers.get("cache-control")]).toEqual([what, "private, no-store"]);
  expect([what, res.headers.get("x-robots-tag")]).toEqual([what, "noindex, nofollow, noarchive"]);
  expect([what, res.headers.get("referrer-policy")]).toEqual([what, "no-referrer"]);
}

const user = (id: number) => ({ type: "user" as const, userId: id });
async function drain() {
  while (await workOne()) {
    /* the review jobs run */
  }
}

// ---------------------------------------------------------------------------------------------
// Holes: these fail today.
// ---------------------------------------------------------------------------------------------

describe("a withdrawal or rejection ends a link for good", () => {
  it("a link that a withdrawal stopped stays gone when the release is submitted anew", async () => {
    const w = await previewWorld();
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    await withdrawRelease({ releaseId: w.release.id, actor: user(w.owner.id) });
    expect((await openPreviewLink({ token })).kind).toBe("gone");
    // The panel lists it as "Beendet" (its sender may still revoke it).
    expect((await listPreviewLinks({ userId: w.owner.id, releaseId: w.release.id })).links[0]).toMatchObject({
      id: link.id,
      state: "ended",
    });
    // The newsroom edits and submits again: the "ended" link comes back to life.
    await submitRelease({ releaseId: w.release.id, actor: user(w.owner.id) });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: w.release.id } })).status).toBe("in_review");
    expect((await openPreviewLink({ token })).kind).toBe("gone");
  });

  it("a link that a rejection stopped stays gone when the release is submitted anew", async () => {
    const w = await previewWorld();
    const { token } = await makeLink(w.owner.id, w.release.id);
    await db.pressRelease.update({ where: { id: w.release.id }, data: { reviewFlaggedAt: new Date() } });
    const admin = await seedAdmin();
    await returnRelease({ releaseId: w.release.id, adminUserId: admin.id, comment: "Bitte sachlicher formulieren." });
    expect((await openPreviewLink({ token })).kind).toBe("gone");
    await submitRelease({ releaseId: w.release.id, actor: user(w.owner.id) });
    expect((await openPreviewLink({ token })).kind).toBe("gone");
  });
});

describe("content the automatic check judged red is neither served nor mailed from the hub", () => {
  it("a release flagged red on its last allowed check (still in_review) shows nothing through its links", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await createRelease({
      companyId: company.id,
      portal: "business",
      language: "de",
      authorUserId: owner.id,
      content: {
        title: `KONTO GESPERRT ${unique("x").toUpperCase()} GRATIS`,
        body: RED_BODY,
        location: "Berlin",
        contactName: "P",
        scheduledAt: new Date(Date.now() + HOUR),
      },
      actor: user(owner.id),
    });
    for (let i = 0; i < 3; i++) {
      await submitRelease({ releaseId: release.id, actor: user(owner.id) });
      await drain();
    }
    const flagged = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([flagged.status, flagged.reviewFlaggedAt !== null]).toEqual(["in_review", true]);

    const to = `opfer-${release.id}@tagesblatt.example`;
    const attempt = await makeLink(owner.id, release.id, { mail: true, recipientEmail: to }).then(
      (created) => ({ made: true as const, created }),
      (err: unknown) => ({ made: false as const, err }),
    );
    // Were it made, it must neither mail the red text to an arbitrary address nor serve it on the hub.
    if (attempt.made) {
      const res = await open(attempt.created.token);
      expect([res.status, (await res.text()).includes("JETZT KAUFEN")]).toEqual([410, false]);
      expect(await db.mailOutbox.count({ where: { to } })).toBe(0);
    }
    expect(attempt.made).toBe(false);
  });
});

describe("the preview's own Content-Security-Policy reaches the browser", () => {
  it("the middleware leaves /vorschau without the hub's nonce policy, so the route handler's stricter one stands", async () => {
    // Next 16 (node_modules/next/dist/server/lib/router-utils/resolve-routes.js) copies the
    // middleware's response headers onto the outgoing response before the route runs, and
    // send-response.js appends a route handler's header only "if it is not present". So whatever
    // the middleware sets for /vorschau wins over PREVIEW_PAGE_POLICY and the images' sandbox.
    const w = await previewWorld();
    const { token } = await makeLink(w.owner.id, w.release.id);
    const page = await open(token);
    expect(page.status).toBe(200);
    const routePolicy = page.headers.get("content-security-policy");
    expect(routePolicy).toContain("default-src 'none'");
    expect(routePolicy).toContain("frame-ancestors 'none'");

    const hosts: SiteHosts = getSiteHosts();
    for (const path of [`/vorschau/${token}`, `/vorschau/${token}/bild/1/x.jpg`]) {
      const mw = await routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: hosts.hub } }), hosts);
      expect(new URL(mw.headers.get("x-middleware-rewrite")!).pathname).toBe(`/hub${path}`);
      const preempting = mw.headers.get("content-security-policy");
      // Either the middleware leaves the header to the route, or it sets the route's own.
      expect([path, preempting === null || preempting === routePolicy]).toEqual([path, true]);
    }
  });
});

describe("a copy of the database opens no preview", () => {
  it("the mailed token leaves mail_outbox once the mail is finished; only its hash stays", async () => {
    const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + 10 * HOUR) });
    const to = `db-copy-${w.release.id}@tagesblatt.example`;
    const { token } = await makeLink(w.owner.id, w.release.id, { mail: true, recipientEmail: to });
    // The mail is delivered (its job is queued after the commit, so it may not be there at once):
    // what stays behind is the finished row, kept 30 days.
    const statusAfterDrain = async () => {
      await drain();
      return (await db.mailOutbox.findFirst({ where: { to } }))?.status;
    };
    await expect.poll(statusAfterDrain, { timeout: 15_000 }).toBe("sent");
    // What someone with a read-only copy (backup, replica, support query) does:
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to } });
    const stolen = /\/vorschau\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? null;
    if (stolen) expect((await openPreviewLink({ token: stolen, countOpen: false })).kind).toBe("show");
    expect(stolen === token).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Attacks that hold (these pass).
// ---------------------------------------------------------------------------------------------

describe("guessing and enumerating tokens", () => {
  it("answers malformed, near-miss and hash-as-token inputs with the same private 404, never a 5xx", async () => {
    const w = await previewWorld();
    const { token } = await makeLink(w.owner.id, w.release.id);
    const row = await db.previewLink.findFirstOrThrow({ where: { tokenHash: hashPreviewToken(token) } });
    const flip = (t: string) => (t[0] === "A" ? "B" : "A") + t.slice(1);
    const probes = [
      flip(token),
      token.slice(0, 42),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      row.tokenHash, // the stored hash is no token
      row.tokenHash.slice(0, 43),
      "../../../etc/passwd",
      "%00",
      "ä".repeat(43),
      "A".repeat(5000),
      " " + token.slice(1),
      "",
    ];
    for (const probe of probes) {
      for (const res of [await open(probe), await head(probe)]) {
        expect([probe.slice(0, 50), res.status]).toEqual([probe.slice(0, 50), 404]);
        expectPrivate(res, probe.slice(0, 20));
      }
    }
  });
});

describe("another newsroom, members and forged ids", () => {
  it("gives strangers not_found and members forbidden for create, list and revoke, whatever ids they pass", async () => {
    const a = await previewWorld();
    const b = await previewWorld();
    const linkA = await makeLink(a.owner.id, a.release.id);
    const linkB = await makeLink(b.owner.id, b.release.id);

    // B's owner against A's release and link.
    await expect(makeLink(b.owner.id, a.release.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(listPreviewLinks({ userId: b.owner.id, releaseId: a.release.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(revokePreviewLink({ userId: b.owner.id, releaseId: a.release.id, linkId: linkA.link.id })).rejects.toMatchObject({
      code: "not_found",
    });
    // B's owner revokes A's link through B's own release: the link reads like none.
    await expect(revokePreviewLink({ userId: b.owner.id, releaseId: b.release.id, linkId: linkA.link.id })).rejects.toMatchObject({
      code: "not_found",
    });
    // A's responsible through A's release with B's link id.
    await expect(revokePreviewLink({ userId: a.responsible.id, releaseId: a.release.id, linkId: linkB.link.id })).rejects.toMatchObject({
      code: "not_found",
    });
    // Members of A: forbidden on all three.
    await expect(makeLink(a.member.id, a.release.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(listPreviewLinks({ userId: a.member.id, releaseId: a.release.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(revokePreviewLink({ userId: a.member.id, releaseId: a.release.id, linkId: linkA.link.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    // Odd ids are not_found, not a 5xx.
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      await expect(listPreviewLinks({ userId: a.owner.id, releaseId: id })).rejects.toMatchObject({ code: "not_found" });
      await expect(revokePreviewLink({ userId: a.owner.id, releaseId: a.release.id, linkId: id })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    // A demoted responsible loses the rights at once.
    await db.companyUser.update({
      where: { companyId_userId: { companyId: a.company.id, userId: a.responsible.id } },
      data: { role: "member" },
    });
    await expect(makeLink(a.responsible.id, a.release.id)).rejects.toMatchObject({ code: "forbidden" });
    // Nothing changed.
    for (const l of [linkA, linkB]) expect((await openPreviewLink({ token: l.token, countOpen: false })).kind).toBe("show");
  });
});

describe("races", () => {
  it("opens racing a withdrawal and a revocation all settle (no deadlock, no 5xx) and count only what was shown", async () => {
    for (let round = 0; round < 3; round++) {
      const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
      const { token, link } = await makeLink(w.owner.id, w.release.id);
      const results = await Promise.allSettled([
        ...Array.from({ length: 6 }, () => open(token)),
        withdrawRelease({ releaseId: w.release.id, actor: user(w.owner.id) }),
        revokePreviewLink({ userId: w.responsible.id, releaseId: w.release.id, linkId: link.id }),
        ...Array.from({ length: 6 }, () => openPreviewLink({ token })),
      ]);
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const statuses = results.slice(0, 6).map((r) => (r as PromiseFulfilledResult<Response>).value.status);
      for (const s of statuses) expect([200, 410]).toContain(s);
      const shown =
        statuses.filter((s) => s === 200).length +
        results.slice(8).filter((r) => (r as PromiseFulfilledResult<{ kind: string }>).value.kind === "show").length;
      const { link: counted, rows } = await opensOf(link.id);
      expect([counted.opens, rows]).toEqual([shown, shown]);
      const after = await open(token);
      expect(after.status).toBe(410);
      expectPrivate(after);
    }
  });
});

describe("the image route", () => {
  it("serves no other release's, removed, withheld, unconfirmed, og or original file, and nothing by traversal", async () => {
    const w = await previewWorld();
    const img = await seedPublicImage(w.release.id, { isCover: true });
    const removed = await seedPublicImage(w.release.id, { position: 1, deletedAt: new Date() });
    const precheck = await seedPublicImage(w.release.id, { position: 2, precheckWithheldAt: new Date() });
    const unconfirmed = await seedPublicImage(w.release.id, { position: 3, uploadedByAdmin: true, ownerConfirmedAt: null });
    const other = await previewWorld({ companyId: w.company.id });
    const sibling = await seedPublicImage(other.release.id, { isCover: true });
    const { token } = await makeLink(w.owner.id, w.release.id);

    const ok = await image(token, img.id, fileOf(img));
    expect(ok.status).toBe(200);
    expectPrivate(ok);

    const name = fileOf(img);
    const probes: [number | string, string][] = [
      [removed.id, fileOf(removed)],
      [precheck.id, fileOf(precheck)],
      [unconfirmed.id, fileOf(unconfirmed)],
      [sibling.id, fileOf(sibling)], // same newsroom, other release
      [img.id, fileOf(sibling)],
      [img.id, img.ogVariantPath.split("/").at(-1)!],
      [img.id, img.originalPath.split("/").at(-1)!],
      [img.id, img.displayPath], // the whole key
      [img.id, `../${name}`],
      [img.id, `./${name}`],
      [img.id, `${name}/`],
      [img.id, `${name}%00`],
      [img.id, name.toUpperCase()],
      [img.id, `${name}?x=1`],
      [img.id, "x".repeat(201)],
      [`${img.id}.0`, name],
      [`0${img.id}`, name],
      ["-1", name],
      ["99999999999999999999", name],
    ];
    for (const [id, file] of probes) {
      const res = await image(token, id, file);
      expect([String(id), file.slice(0, 60), res.status]).toEqual([String(id), file.slice(0, 60), 404]);
      expectPrivate(res, file.slice(0, 20));
    }
  });

  it("stops serving at once on withdrawal and after publication, privately", async () => {
    const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const img = await seedPublicImage(w.release.id, { isCover: true });
    const { token } = await makeLink(w.owner.id, w.release.id);
    expect((await image(token, img.id, fileOf(img))).status).toBe(200);
    await withdrawRelease({ releaseId: w.release.id, actor: user(w.owner.id) });
    const gone = await image(token, img.id, fileOf(img));
    expect(gone.status).toBe(410);
    expectPrivate(gone);

    const p = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const pImg = await seedPublicImage(p.release.id, { isCover: true });
    const pl = await makeLink(p.owner.id, p.release.id);
    const past = new Date(Date.now() - 60_000);
    await db.pressRelease.update({ where: { id: p.release.id }, data: { status: "published", publishedAt: past, publishedEverAt: past } });
    expect((await image(pl.token, pImg.id, fileOf(pImg))).status).toBe(410);
  });

  it("answers 429 past its budget, privately, and images never count as opens", async () => {
    {
      const w = await previewWorld();
      const img = await seedPublicImage(w.release.id, { isCover: true });
      const { token, link } = await makeLink(w.owner.id, w.release.id);
      const ip = uniqueClientIp();
      const answers: Response[] = [];
      for (let i = 0; i < 400; i++) {
        const res = await image(token, img.id, fileOf(img), ip);
        answers.push(res);
        if (res.status === 429) break;
      }
      const last = answers.at(-1)!;
      expect(last.status).toBe(429);
      expectPrivate(last);
      expect(answers.length).toBe(301);
      expect((await opensOf(link.id)).rows).toBe(0);
    }
  });
});

describe("headers on every answer", () => {
  it("HEAD answers 200, 307, 410 and 404 privately and counts nothing", async () => {
    const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const shown = await makeLink(w.owner.id, w.release.id);
    const revoked = await makeLink(w.owner.id, w.release.id);
    await revokePreviewLink({ userId: w.owner.id, releaseId: w.release.id, linkId: revoked.link.id });
    const pub = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const redirect = await makeLink(pub.owner.id, pub.release.id);
    const past = new Date(Date.now() - 60_000);
    await db.pressRelease.update({
      where: { id: pub.release.id },
      data: { status: "published", publishedAt: past, publishedEverAt: past },
    });
    const cases: [string, number][] = [
      [shown.token, 200],
      [redirect.token, 307],
      [revoked.token, 410],
      ["Z".repeat(43), 404],
    ];
    for (const [token, status] of cases) {
      const res = await head(token);
      expect(res.status).toBe(status);
      expectPrivate(res, String(status));
      expect(await res.text()).toBe("");
    }
    expect((await opensOf(shown.link.id)).rows).toBe(0);
  });
});

describe("what the page prints", () => {
  it("escapes recipient, outlet and title; prints no script, no public media address and no other link's data", async () => {
    const w = await previewWorld({ title: `</title><script>alert(1)</script> ${unique("t")}` });
    const evilName = `<img src=x onerror=alert(1)> "Jana' & Co`;
    const evilOutlet = `"><script>alert(2)</script>`;
    const { token } = await makeLink(w.owner.id, w.release.id, { recipientName: evilName, outlet: evilOutlet });
    const other = await makeLink(w.owner.id, w.release.id, { recipientName: "Zweite Person", outlet: "Andere Zeitung" });
    const res = await open(token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("Zweite Person");
    expect(html).not.toContain(other.token);
    expect(html).not.toContain(RECIPIENT.recipientEmail);
    expect(html).not.toContain("/media/");
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
  });

  it("refuses line breaks in the recipient fields and header-breaking addresses", async () => {
    const w = await previewWorld();
    for (const extra of [
      { recipientName: "Jana\r\nBcc: x@evil.example" },
      { outlet: "Blatt\nX-Header: 1" },
      { recipientEmail: "jana@tagesblatt.example\r\nBcc: x@evil.example" },
      { recipientEmail: "jana@tagesblatt.example,x@evil.example" },
      { recipientEmail: '"x\r\n"@tagesblatt.example' },
    ])
      await expect(makeLink(w.owner.id, w.release.id, { ...extra, mail: true })).rejects.toMatchObject({ code: "validation_failed" });
  });
});

describe("hosts and the stored answers", () => {
  it("is no stored answer in any spelling, and on a portal host reaches the portal's tree, not the preview", async () => {
    const hosts = getSiteHosts();
    const token = "Ab3_-".repeat(8) + "xyz";
    const spellings = [
      `/vorschau/${token}`,
      `/Vorschau/${token}`,
      `/vorschau/${token}/`,
      `/vorschau/%41${token.slice(1)}`,
      `//vorschau/${token}`,
    ];
    for (const site of ["hub", "business", "tech"] as const)
      for (const path of spellings) expect(storableAnswer(site, path, new URLSearchParams("utm_source=x"))).toBeNull();
    for (const site of ["business", "tech"] as const) {
      const res = await routeBySite(new NextRequest(`http://127.0.0.1:3000/vorschau/${token}`, { headers: { host: hosts[site] } }), hosts);
      const rewrite = res.headers.get("x-middleware-rewrite");
      expect(rewrite && new URL(rewrite).pathname).toBe(`/portal/${site}/vorschau/${token}`);
      expect(res.headers.get("cache-control")).toBeNull();
    }
  });
});
