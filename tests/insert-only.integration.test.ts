import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedCompany, seedRelease, seedUser } from "./factories";

describe("insert-only tables", () => {
  it("refuse UPDATE and DELETE on evidence rows", async () => {
    const user = await seedUser();
    await db.legalDocumentAcceptance.create({ data: { userId: user.id, document: "terms", version: "2026-01" } });
    await expect(db.legalDocumentAcceptance.updateMany({ data: { version: "x" } })).rejects.toThrow(/insert-only/);
    await expect(db.legalDocumentAcceptance.deleteMany({})).rejects.toThrow(/insert-only/);
    await db.activityLog.create({ data: { type: "test" } });
    await expect(db.activityLog.deleteMany({})).rejects.toThrow(/insert-only/);
    expect(await db.legalDocumentAcceptance.count()).toBe(1);
  });

  it("let a rights confirmation go only through the never-published purge", async () => {
    const row = { subjectType: "press_release_image", subjectId: 1, imageId: 1, imageSha256: "a".repeat(64), legalTextKey: "img-confirm-v2", ipHmac: "h", ipHmacKeyVersion: 1, source: "upload" };
    await db.imageRightsConfirmation.create({ data: row });
    await expect(db.imageRightsConfirmation.deleteMany({})).rejects.toThrow(/insert-only/);
    await expect(db.imageRightsConfirmation.updateMany({ data: { source: "x" } })).rejects.toThrow(/insert-only/);
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('app.allow_confirmation_purge', 'on', true)`;
      await tx.imageRightsConfirmation.deleteMany({});
    });
    expect(await db.imageRightsConfirmation.count()).toBe(0);
    // The door closes with the transaction.
    await db.imageRightsConfirmation.create({ data: row });
    await expect(db.imageRightsConfirmation.deleteMany({})).rejects.toThrow(/insert-only/);
  });

  it("keep release events append-only but delete them with their release", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id });
    await db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "view" } });
    await expect(db.pressReleaseEvent.updateMany({ data: { channel: "x" } })).rejects.toThrow(/insert-only/);
    await db.pressRelease.delete({ where: { id: release.id } });
    expect(await db.pressReleaseEvent.count()).toBe(0);
  });
});
