import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { databaseRefusal, insertOnlyRefusal } from "./database-refusal";
import { seedCompany, seedRelease, seedUser } from "./factories";

describe("insert-only tables", () => {
  it("refuse UPDATE and DELETE on evidence rows", async () => {
    const user = await seedUser();
    await db.legalDocumentAcceptance.create({ data: { userId: user.id, document: "terms", version: "2026-01" } });
    expect(await databaseRefusal(db.legalDocumentAcceptance.updateMany({ data: { version: "x" } }))).toEqual(
      insertOnlyRefusal("legal_document_acceptances"),
    );
    expect(await databaseRefusal(db.legalDocumentAcceptance.deleteMany({}))).toEqual(insertOnlyRefusal("legal_document_acceptances"));
    await db.activityLog.create({ data: { type: "test" } });
    expect(await databaseRefusal(db.activityLog.deleteMany({}))).toEqual(insertOnlyRefusal("activity_log"));
    expect(await db.legalDocumentAcceptance.count()).toBe(1);
  });

  it("refuse TRUNCATE, also when it arrives by CASCADE from the accounts", async () => {
    const user = await seedUser();
    await db.legalDocumentAcceptance.create({ data: { userId: user.id, document: "terms", version: "2026-01" } });
    for (const table of [
      "legal_document_acceptances",
      "activity_log",
      "login_history",
      "image_rights_confirmations",
      "publication_receipts",
    ]) {
      expect(await databaseRefusal(db.$executeRawUnsafe(`TRUNCATE ${table}`))).toEqual(insertOnlyRefusal(table));
    }
    expect(await databaseRefusal(db.$executeRawUnsafe("TRUNCATE users CASCADE"))).toMatchObject({ sqlState: "23001" });
    expect(await db.legalDocumentAcceptance.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it("let a rights confirmation go only through the never-published purge", async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    const image = await db.pressReleaseImage.create({
      data: {
        pressReleaseId: release.id,
        bytesSha256: "a".repeat(64),
        metadataHash: "b".repeat(64),
        mimeType: "image/jpeg",
        width: 800,
        height: 600,
        sizeBytes: 1,
        displayPath: "img/0000000000000000/a.jpg",
        rulesVersion: "test",
      },
    });
    const row = {
      subjectType: "press_release",
      subjectId: release.id,
      imageId: image.id,
      imageSha256: "a".repeat(64),
      legalTextKey: "img-confirm-v2",
      ipHmac: "h",
      ipHmacKeyVersion: 1,
      source: "upload",
    };
    await db.imageRightsConfirmation.create({ data: row });
    expect(await databaseRefusal(db.imageRightsConfirmation.deleteMany({}))).toEqual(insertOnlyRefusal("image_rights_confirmations"));
    expect(await databaseRefusal(db.imageRightsConfirmation.updateMany({ data: { source: "x" } }))).toEqual(
      insertOnlyRefusal("image_rights_confirmations"),
    );
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.allow_confirmation_purge', 'on', true)`;
      await tx.imageRightsConfirmation.deleteMany({});
    });
    expect(await db.imageRightsConfirmation.count()).toBe(0);
    // The door closes with the transaction.
    await db.imageRightsConfirmation.create({ data: row });
    expect(await databaseRefusal(db.imageRightsConfirmation.deleteMany({}))).toEqual(insertOnlyRefusal("image_rights_confirmations"));
  });

  it("open the draft-purge door for the one release named, never for another release's AI declarations", async () => {
    const [a, b] = [await seedRelease({ companyId: (await seedCompany()).id }), await seedRelease({ companyId: (await seedCompany()).id })];
    for (const r of [a, b])
      await db.pressReleaseAiDeclaration.create({ data: { pressReleaseId: r.id, scope: "text", declaration: "without_ai", version: 1 } });
    // As code sharing the purge's transaction: the door set for release A, a delete aimed at B.
    const viaDoor = (target: number, door: string) =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT set_config('app.allow_draft_purge', ${door}, true)`;
        await tx.pressReleaseAiDeclaration.deleteMany({ where: { pressReleaseId: target } });
      });
    expect(await databaseRefusal(viaDoor(b.id, String(a.id)))).toEqual(insertOnlyRefusal("press_release_ai_declarations"));
    // The old blanket value opens nothing any more.
    expect(await databaseRefusal(viaDoor(b.id, "on"))).toEqual(insertOnlyRefusal("press_release_ai_declarations"));
    // A delete of everything with A's door still fails as a whole on B's row.
    expect(
      await databaseRefusal(
        db.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT set_config('app.allow_draft_purge', ${String(a.id)}, true)`;
          await tx.pressReleaseAiDeclaration.deleteMany({ where: { pressReleaseId: { in: [a.id, b.id] } } });
        }),
      ),
    ).toEqual(insertOnlyRefusal("press_release_ai_declarations"));
    expect(await db.pressReleaseAiDeclaration.count({ where: { pressReleaseId: { in: [a.id, b.id] } } })).toBe(2);
    // With its own id the purge deletes the release, and its declarations go with it.
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.allow_draft_purge', ${String(a.id)}, true)`;
      await tx.pressRelease.delete({ where: { id: a.id } });
    });
    expect(await db.pressReleaseAiDeclaration.count({ where: { pressReleaseId: a.id } })).toBe(0);
    expect(await db.pressReleaseAiDeclaration.count({ where: { pressReleaseId: b.id } })).toBe(1);
  });

  it("open the activity-archive door only for rows older than the cutoff it carries", async () => {
    const cutoff = new Date(Date.now() - 90 * 86_400_000);
    const old = await db.activityLog.create({ data: { type: "test.old", createdAt: new Date(cutoff.getTime() - 1) } });
    const fresh = await db.activityLog.create({ data: { type: "test.fresh" } });
    const viaDoor = (id: bigint, door: string) =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT set_config('app.allow_activity_archive', ${door}, true)`;
        await tx.activityLog.deleteMany({ where: { id } });
      });
    // The door carries the archive's cutoff: a newer row cannot be deleted through it.
    expect(await databaseRefusal(viaDoor(fresh.id, cutoff.toISOString()))).toEqual(insertOnlyRefusal("activity_log"));
    // Neither a blanket 'on' nor a cutoff in another form (a far-future date written differently) opens it.
    expect(await databaseRefusal(viaDoor(old.id, "on"))).toEqual(insertOnlyRefusal("activity_log"));
    expect(await databaseRefusal(viaDoor(fresh.id, "infinity"))).toEqual(insertOnlyRefusal("activity_log"));
    expect(await databaseRefusal(viaDoor(fresh.id, "2999-01-01 00:00:00+00"))).toEqual(insertOnlyRefusal("activity_log"));
    expect(await db.activityLog.count({ where: { id: { in: [old.id, fresh.id] } } })).toBe(2);
    // A row older than the cutoff goes; the door shuts with the transaction.
    await viaDoor(old.id, cutoff.toISOString());
    expect(await db.activityLog.count({ where: { id: old.id } })).toBe(0);
    expect(await databaseRefusal(db.activityLog.deleteMany({ where: { id: fresh.id } }))).toEqual(insertOnlyRefusal("activity_log"));
  });

  it("keep release events append-only but delete them with their release", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id });
    await db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "view" } });
    expect(await databaseRefusal(db.pressReleaseEvent.updateMany({ data: { channel: "x" } }))).toEqual(
      insertOnlyRefusal("press_release_events"),
    );
    await db.pressRelease.delete({ where: { id: release.id } });
    expect(await db.pressReleaseEvent.count()).toBe(0);
  });
});
