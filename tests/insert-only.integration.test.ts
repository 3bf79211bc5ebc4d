import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { databaseRefusal, insertOnlyRefusal } from "./database-refusal";
import { seedCompany, seedRelease, seedUser } from "./factories";

describe("insert-only tables", () => {
  it("refuse UPDATE and DELETE on evidence rows", async () => {
    const user = await seedUser();
    await db.legalDocumentAcceptance.create({ data: { userId: user.id, document: "terms", version: "2026-01" } });
    expect(await databaseRefusal(db.legalDocumentAcceptance.updateMany({ data: { version: "x" } }))).toEqual(insertOnlyRefusal("legal_document_acceptances"));
    expect(await databaseRefusal(db.legalDocumentAcceptance.deleteMany({}))).toEqual(insertOnlyRefusal("legal_document_acceptances"));
    await db.activityLog.create({ data: { type: "test" } });
    expect(await databaseRefusal(db.activityLog.deleteMany({}))).toEqual(insertOnlyRefusal("activity_log"));
    expect(await db.legalDocumentAcceptance.count()).toBe(1);
  });

  it("refuse TRUNCATE, also when it arrives by CASCADE from the accounts", async () => {
    const user = await seedUser();
    await db.legalDocumentAcceptance.create({ data: { userId: user.id, document: "terms", version: "2026-01" } });
    for (const table of ["legal_document_acceptances", "activity_log", "login_history", "image_rights_confirmations"]) {
      expect(await databaseRefusal(db.$executeRawUnsafe(`TRUNCATE ${table}`))).toEqual(insertOnlyRefusal(table));
    }
    expect(await databaseRefusal(db.$executeRawUnsafe("TRUNCATE users CASCADE"))).toMatchObject({ sqlState: "23001" });
    expect(await db.legalDocumentAcceptance.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it("let a rights confirmation go only through the never-published purge", async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    const image = await db.pressReleaseImage.create({ data: { pressReleaseId: release.id, bytesSha256: "a".repeat(64), metadataHash: "b".repeat(64), mimeType: "image/jpeg", width: 800, height: 600, sizeBytes: 1, displayPath: "img/0000000000000000/a.jpg", rulesVersion: "test" } });
    const row = { subjectType: "press_release", subjectId: release.id, imageId: image.id, imageSha256: "a".repeat(64), legalTextKey: "img-confirm-v2", ipHmac: "h", ipHmacKeyVersion: 1, source: "upload" };
    await db.imageRightsConfirmation.create({ data: row });
    expect(await databaseRefusal(db.imageRightsConfirmation.deleteMany({}))).toEqual(insertOnlyRefusal("image_rights_confirmations"));
    expect(await databaseRefusal(db.imageRightsConfirmation.updateMany({ data: { source: "x" } }))).toEqual(insertOnlyRefusal("image_rights_confirmations"));
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.allow_confirmation_purge', 'on', true)`;
      await tx.imageRightsConfirmation.deleteMany({});
    });
    expect(await db.imageRightsConfirmation.count()).toBe(0);
    // The door closes with the transaction.
    await db.imageRightsConfirmation.create({ data: row });
    expect(await databaseRefusal(db.imageRightsConfirmation.deleteMany({}))).toEqual(insertOnlyRefusal("image_rights_confirmations"));
  });

  it("keep release events append-only but delete them with their release", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id });
    await db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "view" } });
    expect(await databaseRefusal(db.pressReleaseEvent.updateMany({ data: { channel: "x" } }))).toEqual(insertOnlyRefusal("press_release_events"));
    await db.pressRelease.delete({ where: { id: release.id } });
    expect(await db.pressReleaseEvent.count()).toBe(0);
  });
});
