import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { QuotaExceededException } from "@/lib/core/errors/errors";
import { rewriteReleaseText } from "@/lib/domains/legal/corrections/rewrite-release-text";
import { applyPaid } from "@/lib/domains/paid-changes/apply-paid-change";
import { requestPaidChange } from "@/lib/domains/paid-changes/request-paid-change";
import { databaseRefusal, insertOnlyRefusal } from "@/tests/database-refusal";
import { seedAdmin, seedCheckedRelease, seedNewsroom, GOOD_BODY } from "@/tests/release-fixtures";
import { seedRelease } from "@/tests/factories";
import { deleteRelease, deleteReleaseIn } from "../delete-release";
import { KI } from "../history";
import { lockRelease } from "../lock";
import { archiveRelease, depublishRelease, republishRelease, unarchiveRelease, withdrawRelease } from "../moves";
import { publishLocked, publishRelease } from "../publish-release";
import { markReleaseGone, unmarkReleaseGone } from "../tombstone";
import { payloadOfIssued } from "./envelope";
import { verifyReceipt } from "./verify-receipt";

// A receipt is part of the change it describes: written in its transaction, one per change of
// what the public was shown, numbered per release, never changed afterwards.

const NOW = new Date("2026-11-20T10:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const receiptsOf = (pressReleaseId: number) => db.publicationReceipt.findMany({ where: { pressReleaseId }, orderBy: { sequence: "asc" } });

async function publishedRelease() {
  const { owner, company } = await seedNewsroom();
  // Written before the fixed clock of this file, as a paid change expects of the text it replaces.
  const release = await seedCheckedRelease(company.id, owner.id, { data: { contentChangedAt: NOW } });
  await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
  return { owner, company, release };
}

describe("issuing receipts", () => {
  it("a publication writes exactly one receipt stating what was published, signed and verifiable", async () => {
    const { company, release } = await publishedRelease();
    const [receipt, ...more] = await receiptsOf(release.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ sequence: 1, event: "published", contentHash: release.contentHash, issuedAt: NOW });
    const payload = payloadOfIssued(receipt!.jws);
    expect(payload).toMatchObject({
      receipt_version: 1,
      receipt_id: receipt!.id,
      sequence: 1,
      event: "published",
      issued_at: NOW.toISOString(),
      release: {
        id: release.id,
        newsroom: { id: company.id, name: company.name },
        portal: "business",
        edition: "de",
        urls: { public: expect.stringContaining(`/de/pressemitteilung/${release.slug}`) },
      },
      published_at: NOW.toISOString(),
      content_hash: release.contentHash,
      review_fingerprint: release.reviewFingerprint,
      check: { outcome: "green" },
      approval: { by: "automatic_check" },
      images: [],
      feed: { listed_from: NOW.toISOString() },
      news_sitemap: { listed_from: NOW.toISOString(), listed_until: later(48 * 60).toISOString() },
      state: { status: "published", public: true, listed: true, gone: false, deleted: false },
    });
    expect(payload.release.urls.canonical).toBe(payload.release.urls.public);
    // No title: content_hash binds it (a redaction must not live on in a receipt).
    expect(payload.release).not.toHaveProperty("title");
    expect("backfilled" in payload).toBe(false);
    expect(await verifyReceipt(receipt!.jws)).toMatchObject({ valid: true, payload: { receipt_id: receipt!.id }, later: 0 });
  });

  it("a publication that rolls back leaves no receipt, nor does one a business rule refuses", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    const release = await seedCheckedRelease(company.id, owner.id);
    const rolledBack = db.$transaction(async (tx) => {
      await publishLocked(tx, await lockRelease(tx, release.id), { actor: KI, now: NOW });
      expect(await tx.publicationReceipt.count({ where: { pressReleaseId: release.id } })).toBe(1);
      throw new Error("the commit fails");
    });
    await expect(rolledBack).rejects.toThrow("the commit fails");
    expect(await receiptsOf(release.id)).toEqual([]);

    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaPeriod: "2026-11", pressReleaseQuotaUsed: 1 } });
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(QuotaExceededException);
    expect(await receiptsOf(release.id)).toEqual([]);
  });

  it("every later change of what the public is shown adds the next receipt, stating the state after it", async () => {
    const { owner, release } = await publishedRelease();
    const admin = await seedAdmin();
    const newsroom = { type: "user" as const, userId: owner.id };
    const editor = { type: "admin" as const, userId: admin.id };

    await archiveRelease({ releaseId: release.id, actor: newsroom, now: later(10) });
    await unarchiveRelease({ releaseId: release.id, actor: newsroom, now: later(20) });
    await db.$transaction(async (tx) =>
      rewriteReleaseText(tx, {
        release: await lockRelease(tx, release.id),
        text: { title: release.title, lead: null, body: GOOD_BODY.replace("250 Arbeitsplätze", "240 Arbeitsplätze") },
        actor: editor,
        outcome: "corrected",
        reason: "Zahl berichtigt",
        now: later(30),
      }),
    );
    await depublishRelease({ releaseId: release.id, actor: editor, now: later(40) });
    await republishRelease({ releaseId: release.id, actor: editor, now: later(50) });
    await markReleaseGone({ releaseId: release.id, actor: editor, now: later(60) });
    await unmarkReleaseGone({ releaseId: release.id, actor: editor, now: later(70) });
    await db.$transaction((tx) => deleteReleaseIn(tx, { releaseId: release.id, actor: editor, reason: "Test", now: later(80) }));

    const receipts = await receiptsOf(release.id);
    expect(receipts.map((r) => [r.sequence, r.event])).toEqual([
      [1, "published"],
      [2, "archived"],
      [3, "unarchived"],
      [4, "corrected"],
      [5, "depublished"],
      [6, "republished"],
      [7, "removed"],
      [8, "restored"],
      [9, "deleted"],
    ]);
    const states = receipts.map((r) => payloadOfIssued(r.jws));
    expect(states.map((p) => [p.state.public, p.state.gone, p.state.deleted])).toEqual([
      [true, false, false],
      [false, false, false],
      [true, false, false],
      [true, false, false],
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [true, false, false],
      [false, false, true],
    ]);
    // The listing that began when it came back from the archive goes on through the correction.
    expect(states[2]!.feed?.listed_from).toBe(later(20).toISOString());
    expect(states[3]!.feed?.listed_from).toBe(later(20).toISOString());
    expect(states[1]!.feed).toBeNull();
    // The corrected text: its hash, written and so approved by a person, with no check of it.
    const corrected = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(states[3]).toMatchObject({ content_hash: corrected.contentHash, check: { outcome: "none" }, approval: { by: "editor" } });
    expect(states[0]!.content_hash).not.toBe(corrected.contentHash);
    for (const r of receipts) expect(await verifyReceipt(r.jws)).toMatchObject({ valid: true });
    expect(await verifyReceipt(receipts[0]!.jws)).toMatchObject({ valid: true, later: 8 });
  });

  it("a paid change adds a receipt with the new text's hash and the precheck that let it out", async () => {
    const { owner, release } = await publishedRelease();
    const { changeId } = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: `${release.title} (aktualisiert)`,
      lead: "Mehr Arbeitsplätze als geplant",
      body: GOOD_BODY.replace("250 Arbeitsplätze", "300 Arbeitsplätze"),
      now: later(5),
    });
    await db.$transaction((tx) => applyPaid(tx, { changeId, checkoutSessionId: `cs_${changeId}`, paidAt: later(6), now: later(6) }));
    const receipts = await receiptsOf(release.id);
    expect(receipts.map((r) => [r.sequence, r.event])).toEqual([
      [1, "published"],
      [2, "changed"],
    ]);
    const changed = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(payloadOfIssued(receipts[1]!.jws)).toMatchObject({
      content_hash: changed.contentHash,
      review_fingerprint: changed.reviewFingerprint,
      check: { outcome: "green" },
      approval: { by: "automatic_check" },
      // Still the listing that began with the publication.
      feed: { listed_from: NOW.toISOString() },
    });
  });

  it("says a person approved what an admin published", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { result: "yellow" });
    const admin = await seedAdmin();
    await publishRelease({ releaseId: release.id, actor: { type: "admin", userId: admin.id }, now: NOW });
    const [receipt] = await receiptsOf(release.id);
    expect(payloadOfIssued(receipt!.jws)).toMatchObject({ check: { outcome: "yellow" }, approval: { by: "editor" } });
  });

  it("releases that were never public get none: withdrawn from review, a deleted draft, a tombstoned draft", async () => {
    const { owner, company } = await seedNewsroom();
    const newsroom = { type: "user" as const, userId: owner.id };
    const inReview = await seedCheckedRelease(company.id, owner.id);
    await withdrawRelease({ releaseId: inReview.id, actor: newsroom, now: NOW });
    const draft = await seedRelease({ companyId: company.id, authorUserId: owner.id });
    await deleteRelease({ releaseId: draft.id, actor: newsroom, now: NOW });
    const tombstoned = await seedRelease({ companyId: company.id, authorUserId: owner.id });
    await markReleaseGone({ releaseId: tombstoned.id, actor: { type: "admin", userId: (await seedAdmin()).id }, now: NOW });
    expect(await db.publicationReceipt.count({ where: { pressReleaseId: { in: [inReview.id, draft.id, tombstoned.id] } } })).toBe(0);
  });

  it("the database refuses to change or delete a receipt", async () => {
    const { release } = await publishedRelease();
    const [receipt] = await receiptsOf(release.id);
    const refusal = insertOnlyRefusal("publication_receipts");
    expect(await databaseRefusal(db.publicationReceipt.update({ where: { id: receipt!.id }, data: { event: "changed" } }))).toEqual(
      refusal,
    );
    expect(await databaseRefusal(db.publicationReceipt.delete({ where: { id: receipt!.id } }))).toEqual(refusal);
    expect(await databaseRefusal(db.$executeRawUnsafe("TRUNCATE publication_receipts"))).toEqual(refusal);
    expect((await receiptsOf(release.id))[0]!.jws).toBe(receipt!.jws);
  });
});
