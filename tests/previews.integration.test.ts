import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { listPreviewLinks } from "@/lib/domains/releases/previews/list-preview-links";
import { openPreviewLink } from "@/lib/domains/releases/previews/open-preview-link";
import { PREVIEW_LIMITS } from "@/lib/domains/releases/previews/preview-input";
import { revokePreviewLink } from "@/lib/domains/releases/previews/revoke-preview-link";
import { returnRelease } from "@/lib/domains/releases/manual-review";
import { withdrawRelease } from "@/lib/domains/releases/moves";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { seedAdmin } from "./release-fixtures";
import { makeLink, opensOf, previewWorld, RECIPIENT } from "./previews-fixtures";

const HOUR = 3_600_000;
const shownOrThrow = async (token: string, now?: Date) => {
  const outcome = await openPreviewLink({ token, ...(now ? { now } : {}) });
  if (outcome.kind !== "show") throw new Error(`expected the page, got ${outcome.kind}`);
  return outcome.preview;
};

describe("preview links: who makes, lists and revokes them", () => {
  it("owners and responsibles create, list and revoke; the token is shown once and stored only as its SHA-256", async () => {
    const w = await previewWorld();
    for (const user of [w.owner, w.responsible]) {
      const created = await makeLink(user.id, w.release.id);
      // 32 random bytes, base64url: 256 bits, far above the 128 the issue asks for.
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(created.token, "base64url")).toHaveLength(32);
      expect(created.url).toBe(`${getSiteHosts().protocol}://${getSiteHosts().hub}/vorschau/${created.token}`);
      const row = await db.previewLink.findUniqueOrThrow({ where: { id: created.link.id } });
      expect(row.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(created.token);
      expect(row).toMatchObject({ ...RECIPIENT, createdByUserId: user.id, opens: 0, mailedAt: null });
      expect(created.link.state).toBe("active");

      const list = await listPreviewLinks({ userId: user.id, releaseId: w.release.id });
      expect(list).toMatchObject({ canCreate: true, embargoAt: null });
      expect(list.links.map((l) => l.id)).toContain(created.link.id);
      expect(JSON.stringify(list)).not.toContain(created.token);

      await expect(revokePreviewLink({ userId: user.id, releaseId: w.release.id, linkId: created.link.id })).resolves.toMatchObject({
        revoked: true,
      });
      const after = await listPreviewLinks({ userId: user.id, releaseId: w.release.id });
      expect(after.links.find((l) => l.id === created.link.id)?.state).toBe("revoked");
    }
  });

  it("refuses a member (403) and answers another newsroom's people as for a release that does not exist (404)", async () => {
    const w = await previewWorld();
    const link = await makeLink(w.owner.id, w.release.id);
    await expect(makeLink(w.member.id, w.release.id)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(listPreviewLinks({ userId: w.member.id, releaseId: w.release.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(revokePreviewLink({ userId: w.member.id, releaseId: w.release.id, linkId: link.link.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    const missing = { code: "not_found", status: 404, message: "Press release not found." };
    await expect(makeLink(w.outsider.id, w.release.id)).rejects.toMatchObject(missing);
    await expect(listPreviewLinks({ userId: w.outsider.id, releaseId: w.release.id })).rejects.toMatchObject(missing);
    await expect(revokePreviewLink({ userId: w.outsider.id, releaseId: w.release.id, linkId: link.link.id })).rejects.toMatchObject(
      missing,
    );
    await expect(makeLink(w.outsider.id, 2_000_000_000)).rejects.toMatchObject(missing);
    // Nothing was made or changed by the refused calls.
    expect(await db.previewLink.count({ where: { pressReleaseId: w.release.id } })).toBe(1);
    expect((await db.previewLink.findUniqueOrThrow({ where: { id: link.link.id } })).revokedAt).toBeNull();
  });

  it("a link of one release cannot be revoked through another release of the same newsroom", async () => {
    const w = await previewWorld();
    const second = await previewWorld();
    const link = await makeLink(w.owner.id, w.release.id);
    await expect(revokePreviewLink({ userId: second.owner.id, releaseId: second.release.id, linkId: link.link.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("is made only for a release in review or scheduled, and at most 100 per release", async () => {
    for (const status of ["draft", "rejected", "published", "archived"] as const) {
      const w = await previewWorld({ status, ...(status === "published" ? { publishedAt: new Date(Date.now() - HOUR) } : {}) });
      await expect(makeLink(w.owner.id, w.release.id)).rejects.toMatchObject({ code: "conflict", details: { reason: "not_previewable" } });
    }
    const scheduledAt = new Date(Date.now() + 24 * HOUR);
    const scheduled = await previewWorld({ status: "scheduled", scheduledAt });
    await expect(listPreviewLinks({ userId: scheduled.owner.id, releaseId: scheduled.release.id })).resolves.toMatchObject({
      canCreate: true,
      embargoAt: scheduledAt,
    });
    await makeLink(scheduled.owner.id, scheduled.release.id);

    const full = await previewWorld();
    await db.previewLink.createMany({
      data: Array.from({ length: PREVIEW_LIMITS.perRelease - 1 }, (_, i) => ({
        pressReleaseId: full.release.id,
        tokenHash: createHash("sha256").update(`filler-${full.release.id}-${i}`).digest("hex"),
        ...RECIPIENT,
      })),
    });
    await makeLink(full.owner.id, full.release.id);
    await expect(makeLink(full.owner.id, full.release.id)).rejects.toMatchObject({
      code: "conflict",
      details: { reason: "too_many_links" },
    });
  });

  it("checks the recipient with German messages and an end in the future", async () => {
    const w = await previewWorld();
    const issuesOf = (extra: Parameters<typeof makeLink>[2]) =>
      makeLink(w.owner.id, w.release.id, extra).then(
        () => null,
        (err: { code: string; issues?: { path: string; message: string }[] }) => [err.code, err.issues],
      );
    expect(await issuesOf({ recipientName: "  ", recipientEmail: "keine-adresse", outlet: "" })).toEqual([
      "validation_failed",
      [
        { path: "recipientName", message: "Bitte geben Sie den Namen der Empfängerin oder des Empfängers an." },
        { path: "recipientEmail", message: "Bitte geben Sie eine gültige E-Mail-Adresse an." },
        { path: "outlet", message: "Bitte nennen Sie das Medium (Redaktion, Zeitung, Sender)." },
      ],
    ]);
    expect(await issuesOf({ expiresAt: new Date(Date.now() - 1000) })).toEqual([
      "validation_failed",
      [{ path: "expiresAt", message: "Das Ende der Gültigkeit muss in der Zukunft liegen." }],
    ]);
    expect(await issuesOf({ recipientName: "Jana\u0000" })).toEqual([
      "validation_failed",
      [{ path: "recipientName", message: "Bitte nur lesbaren Text ohne Zeilenumbrüche eingeben." }],
    ]);
    expect(await db.previewLink.count({ where: { pressReleaseId: w.release.id } })).toBe(0);
  });

  it("mails the link with the embargo in Berlin time when asked, and records that it went out", async () => {
    const scheduledAt = new Date("2031-03-12T08:30:00Z");
    const w = await previewWorld({ status: "scheduled", scheduledAt });
    const created = await makeLink(w.owner.id, w.release.id, { mail: true, recipientEmail: `jana-${w.release.id}@tagesblatt.example` });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: `jana-${w.release.id}@tagesblatt.example` } });
    expect(mail).toMatchObject({ mailType: "release_preview", replyTo: "presse@beispiel.example" });
    expect(mail.subject).toBe(`Vertrauliche Vorschau: „${w.release.title}“`);
    expect(mail.text).toContain("Sperrfrist: 12. März 2031 um 09:30 MEZ. Bitte nicht vor diesem Zeitpunkt veröffentlichen.");
    expect(mail.text).toContain(created.url);
    expect(mail.html).toContain(`href="${created.url}"`);
    expect((await db.previewLink.findUniqueOrThrow({ where: { id: created.link.id } })).mailedAt).not.toBeNull();
    // Without the box ticked, nothing is sent.
    await makeLink(w.owner.id, w.release.id, { recipientEmail: `ohne-${w.release.id}@tagesblatt.example` });
    expect(await db.mailOutbox.count({ where: { to: `ohne-${w.release.id}@tagesblatt.example` } })).toBe(0);
  });
});

describe("opening a preview link", () => {
  it("shows the release with recipient and embargo, and logs every open (time only)", async () => {
    const scheduledAt = new Date(Date.now() + 48 * HOUR);
    const w = await previewWorld({ status: "scheduled", scheduledAt });
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const first = new Date(Date.now() - 60_000);
    const preview = await shownOrThrow(token, first);
    expect(preview).toMatchObject({
      linkId: link.id,
      recipient: { name: RECIPIENT.recipientName, outlet: RECIPIENT.outlet },
      embargoAt: scheduledAt,
      release: { id: w.release.id, title: w.release.title, newsroomName: w.company.name, categoryName: "Energie" },
    });
    await shownOrThrow(token);
    await shownOrThrow(token);
    const { link: counted, rows } = await opensOf(link.id);
    expect([counted.opens, rows]).toEqual([3, 3]);
    expect(counted.firstOpenedAt).toEqual(first);
    expect(counted.lastOpenedAt!.getTime()).toBeGreaterThan(first.getTime());
    // The log holds the time and the link, nothing about who opened it.
    const columns = await db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'preview_link_opens' ORDER BY column_name`;
    expect(columns.map((c) => c.column_name)).toEqual(["id", "opened_at", "preview_link_id"]);
    // A look that is no open (HEAD) does not count.
    expect((await openPreviewLink({ token, countOpen: false })).kind).toBe("show");
    expect((await opensOf(link.id)).link.opens).toBe(3);
  });

  it("a release in review has no embargo yet", async () => {
    const w = await previewWorld();
    const { token } = await makeLink(w.owner.id, w.release.id);
    expect((await shownOrThrow(token)).embargoAt).toBeNull();
  });

  it("answers unknown for a token that names no link, without a lookup for malformed ones", async () => {
    expect(await openPreviewLink({ token: "A".repeat(43) })).toEqual({ kind: "unknown" });
    expect(await openPreviewLink({ token: "../etc" })).toEqual({ kind: "unknown" });
    expect(await openPreviewLink({ token: "" })).toEqual({ kind: "unknown" });
  });

  it("a revoked link and one past its set end are gone, and count nothing", async () => {
    const w = await previewWorld();
    const revoked = await makeLink(w.owner.id, w.release.id);
    await revokePreviewLink({ userId: w.owner.id, releaseId: w.release.id, linkId: revoked.link.id });
    expect(await openPreviewLink({ token: revoked.token })).toEqual({ kind: "gone", reason: "revoked" });

    const expiresAt = new Date(Date.now() + HOUR);
    const dated = await makeLink(w.owner.id, w.release.id, { expiresAt });
    expect((await openPreviewLink({ token: dated.token, now: new Date(expiresAt.getTime() - 1000) })).kind).toBe("show");
    expect(await openPreviewLink({ token: dated.token, now: expiresAt })).toEqual({ kind: "gone", reason: "expired" });
    expect((await opensOf(revoked.link.id)).rows).toBe(0);
    expect((await opensOf(dated.link.id)).rows).toBe(1);
    const states = Object.fromEntries(
      (await listPreviewLinks({ userId: w.owner.id, releaseId: w.release.id, now: expiresAt })).links.map((l) => [l.id, l.state]),
    );
    expect(states).toEqual({ [revoked.link.id]: "revoked", [dated.link.id]: "expired" });
  });

  it("stops at once when the release is withdrawn or rejected, and lists those links as ended", async () => {
    const withdrawn = await previewWorld();
    const a = await makeLink(withdrawn.owner.id, withdrawn.release.id);
    await withdrawRelease({ releaseId: withdrawn.release.id, actor: { type: "user", userId: withdrawn.owner.id } });
    expect(await openPreviewLink({ token: a.token })).toEqual({ kind: "gone", reason: "ended" });
    const list = await listPreviewLinks({ userId: withdrawn.owner.id, releaseId: withdrawn.release.id });
    expect(list).toMatchObject({ canCreate: false, links: [{ id: a.link.id, state: "ended" }] });

    const rejected = await previewWorld();
    const b = await makeLink(rejected.owner.id, rejected.release.id);
    // Red on its last allowed check: it waits for a person, and the link shows nothing meanwhile.
    await db.pressRelease.update({ where: { id: rejected.release.id }, data: { reviewFlaggedAt: new Date() } });
    expect(await openPreviewLink({ token: b.token })).toEqual({ kind: "gone", reason: "ended" });
    const admin = await seedAdmin();
    await returnRelease({ releaseId: rejected.release.id, adminUserId: admin.id, comment: "Bitte sachlicher formulieren." });
    expect(await openPreviewLink({ token: b.token })).toEqual({ kind: "gone", reason: "ended" });
    expect((await opensOf(b.link.id)).rows).toBe(0);

    // Back on the way to publication, the old links stay ended: a new version needs new links.
    for (const w of [withdrawn, rejected])
      await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "in_review", reviewFlaggedAt: null } });
    expect(await openPreviewLink({ token: a.token })).toEqual({ kind: "gone", reason: "ended" });
    expect(await openPreviewLink({ token: b.token })).toEqual({ kind: "gone", reason: "ended" });
    expect(await db.previewLink.count({ where: { id: { in: [a.link.id, b.link.id] }, endedAt: { not: null } } })).toBe(2);
  });

  it("is gone for a deleted or tombstoned release and a removed or deleted newsroom", async () => {
    const cases = [
      (w: Awaited<ReturnType<typeof previewWorld>>) =>
        db.pressRelease.update({ where: { id: w.release.id }, data: { deletedAt: new Date() } }),
      (w: Awaited<ReturnType<typeof previewWorld>>) =>
        db.pressRelease.update({ where: { id: w.release.id }, data: { goneAt: new Date() } }),
      (w: Awaited<ReturnType<typeof previewWorld>>) => db.company.update({ where: { id: w.company.id }, data: { goneAt: new Date() } }),
      (w: Awaited<ReturnType<typeof previewWorld>>) => db.company.update({ where: { id: w.company.id }, data: { deletedAt: new Date() } }),
    ];
    for (const change of cases) {
      const w = await previewWorld();
      const { token } = await makeLink(w.owner.id, w.release.id);
      await change(w);
      expect(await openPreviewLink({ token })).toEqual({ kind: "gone", reason: "ended" });
    }
  });

  it("leads to the public page once the release is published and visible; shows it while its time is still ahead", async () => {
    const w = await previewWorld({ status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const at = new Date(Date.now() + HOUR);
    // Published with an embargo: no reader sees it before `at`, the recipient does.
    await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "published", publishedAt: at, publishedEverAt: at } });
    expect((await shownOrThrow(token)).embargoAt).toEqual(at);
    const later = new Date(at.getTime() + 60_000);
    expect(await openPreviewLink({ token, now: later })).toEqual({ kind: "redirect", url: releaseUrl(w.release, getSiteHosts()) });
    expect((await listPreviewLinks({ userId: w.owner.id, releaseId: w.release.id, now: later })).links[0]).toMatchObject({
      id: link.id,
      state: "ended",
    });
    // Published, but where readers cannot see it (the newsroom switched off): nothing to show or lead to.
    await db.company.update({ where: { id: w.company.id }, data: { isActive: false } });
    expect(await openPreviewLink({ token, now: later })).toEqual({ kind: "gone", reason: "ended" });
    // Archived or depublished after publication: gone as well.
    await db.company.update({ where: { id: w.company.id }, data: { isActive: true } });
    await db.pressRelease.update({ where: { id: w.release.id }, data: { status: "archived" } });
    expect(await openPreviewLink({ token, now: later })).toEqual({ kind: "gone", reason: "ended" });
  });
});

describe("preview links under concurrency", () => {
  it("two revocations at once both succeed, one of them does it", async () => {
    const w = await previewWorld();
    const { link } = await makeLink(w.owner.id, w.release.id);
    const results = await Promise.all([
      revokePreviewLink({ userId: w.owner.id, releaseId: w.release.id, linkId: link.id }),
      revokePreviewLink({ userId: w.responsible.id, releaseId: w.release.id, linkId: link.id }),
    ]);
    expect(results.map((r) => r.revoked).sort()).toEqual([false, true]);
    expect(results[0]!.revokedAt).toEqual(results[1]!.revokedAt);
  });

  it("N opens at once count N", async () => {
    const w = await previewWorld();
    const { token, link } = await makeLink(w.owner.id, w.release.id);
    const n = 8;
    const outcomes = await Promise.all(Array.from({ length: n }, () => openPreviewLink({ token })));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(n).fill("show"));
    const { link: counted, rows } = await opensOf(link.id);
    expect([counted.opens, rows]).toEqual([n, n]);
  });

  it("links made at once stay within the limit of a release", async () => {
    const w = await previewWorld();
    await db.previewLink.createMany({
      data: Array.from({ length: PREVIEW_LIMITS.perRelease - 2 }, (_, i) => ({
        pressReleaseId: w.release.id,
        tokenHash: createHash("sha256").update(`race-${w.release.id}-${i}`).digest("hex"),
        ...RECIPIENT,
      })),
    });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => makeLink(w.owner.id, w.release.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await db.previewLink.count({ where: { pressReleaseId: w.release.id } })).toBe(PREVIEW_LIMITS.perRelease);
  });
});
