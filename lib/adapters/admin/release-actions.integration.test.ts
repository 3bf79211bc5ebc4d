import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { publicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { seedRelease, seedUser } from "@/tests/factories";
import { historyOf, seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { decideReleaseAsAdmin, type ReleaseAdminAction } from "./release-actions";

// The release decisions of /admin/releases/[id] through the entry the server actions use,
// written as the attacker too: an admin without press-releases:publish, a deactivated editor and
// the newsroom's own owner are refused, and nothing changes (no row, no history, no entry).

const published = (companyId: number) =>
  seedRelease({ companyId, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** Everything a decision could have touched. */
async function worldOf(releaseId: number) {
  const [release, history, activities, invalidations, generation] = await Promise.all([
    db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } }),
    historyOf(releaseId),
    db.activityLog.count(),
    db.publicCacheInvalidation.count(),
    publicCacheGeneration(db),
  ]);
  return { release, history, activities, invalidations, generation };
}

const activityOf = (releaseId: number, actorUserId: number) =>
  db.activityLog.findMany({ where: { subjectType: "press_release", subjectId: String(releaseId), actorUserId }, orderBy: { id: "asc" } });

describe("release decisions as an editor (press-releases:publish)", () => {
  it("tombstones and unmarks with the reason in the history and the activity log, dropping the page caches", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    const generation = await publicCacheGeneration(db);

    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "tombstone", reason: "  Rechtsverstoß gemeldet " });
    const gone = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([gone.goneAt !== null, gone.noExport, gone.status]).toEqual([true, true, "published"]);
    expect(await publicCacheGeneration(db)).toBe(generation + 1);

    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "unmark", reason: "Meldung unbegründet" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).goneAt).toBeNull();

    const history = await historyOf(release.id);
    expect(history.map((h) => [h.outcome, h.reason, h.actorType, h.actorUserId])).toEqual([
      ["gone", "Rechtsverstoß gemeldet", "admin", editor.id],
      ["unmarked", "Meldung unbegründet", "admin", editor.id],
    ]);
    const entries = await activityOf(release.id, editor.id);
    expect(entries.map((e) => [e.type, e.reason])).toEqual([
      ["release.status_changed", "gone: Rechtsverstoß gemeldet"],
      ["release.status_changed", "unmarked: Meldung unbegründet"],
    ]);
  });

  it("depublishes, republishes, archives and unarchives, each recorded and each dropping the release's page and lists", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    const steps: [ReleaseAdminAction, string][] = [
      ["depublish", "depublished"],
      ["republish", "published"],
      ["archive", "archived"],
      ["unarchive", "published"],
    ];
    for (const [action, status] of steps) {
      const invalidations = await db.publicCacheInvalidation.count();
      await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action, reason: `Grund für ${action}` });
      expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe(status);
      expect(await db.publicCacheInvalidation.count()).toBe(invalidations + 1);
    }
    expect((await historyOf(release.id)).map((h) => [h.outcome, h.reason])).toEqual(steps.map(([a]) => [a, `Grund für ${a}`]));
    expect(await activityOf(release.id, editor.id)).toHaveLength(4);
  });

  it("refuses a move the state does not allow, and any move of a tombstoned release, changing nothing", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    expect(
      (await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "republish", reason: "x" }))).code,
    ).toBe("conflict");
    expect(
      (await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "unmark", reason: "x" }))).code,
    ).toBe("conflict");
    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "tombstone", reason: "Gelöscht" });
    const before = await worldOf(release.id);
    expect(
      (await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "depublish", reason: "x" }))).code,
    ).toBe("conflict");
    expect(
      (await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "tombstone", reason: "x" }))).code,
    ).toBe("conflict");
    expect(await worldOf(release.id)).toEqual(before);
    expect(
      (await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: 2_147_483_000, action: "tombstone", reason: "x" }))).code,
    ).toBe("not_found");
  });

  it("requires a reason, in German, before anything is read or locked", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    const before = await worldOf(release.id);
    const err = await errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "tombstone", reason: "   " }));
    expect(err).toMatchObject({ code: "validation_failed", issues: [{ path: "reason", message: "Bitte geben Sie einen Grund an." }] });
    expect(await worldOf(release.id)).toEqual(before);
  });
});

describe("release decisions refused", () => {
  it("to an admin without press-releases:publish, a deactivated editor and the newsroom's owner; nothing changes", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await published(company.id);
    const refused = [
      await seedAdmin(["companies:write", "users:manage", "billing:manage", "compliance:manage"]),
      await seedUser({ staffRole: "admin", permissions: ["press-releases:publish"], isActive: false }),
      owner,
    ];
    const before = await worldOf(release.id);
    for (const actor of refused) {
      for (const action of ["tombstone", "depublish", "archive"] as const) {
        expect(
          (await errorOf(decideReleaseAsAdmin({ adminUserId: actor.id, releaseId: release.id, action, reason: "Angriff" }))).code,
        ).toBe("forbidden");
      }
    }
    expect(await worldOf(release.id)).toEqual(before);
  });

  it("when the permission is revoked while the decision waits: the revocation commits first and the decision sees it", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    let commitRevocation!: () => void;
    const held = new Promise<void>((r) => (commitRevocation = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const revocation = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${editor.id} FOR UPDATE`;
      await tx.user.update({ where: { id: editor.id }, data: { permissions: [] } });
      locked();
      await held;
    });
    await isLocked;
    const decision = errorOf(
      decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "tombstone", reason: "zu spät" }),
    );
    await new Promise((r) => setTimeout(r, 150));
    commitRevocation();
    await revocation;
    expect((await decision).code).toBe("forbidden");
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).goneAt).toBeNull();
  });
});

describe("two editors at once", () => {
  it("tombstone the same release: one wins, the other meets a conflict, one history row", async () => {
    const [a, b] = await Promise.all([seedAdmin(["press-releases:publish"]), seedAdmin(["press-releases:publish"])]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    const outcomes = await Promise.allSettled(
      [a, b].map((e) => decideReleaseAsAdmin({ adminUserId: e.id, releaseId: release.id, action: "tombstone", reason: `von ${e.id}` })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "conflict" });
    expect((await historyOf(release.id)).filter((h) => h.outcome === "gone")).toHaveLength(1);
  });
});

describe("republishing a legally withdrawn release", () => {
  /** A published release taken off the portals by an executed legal request, as the measure leaves it. */
  async function legallyWithdrawn(via: "correction" | "event") {
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({
      companyId: company.id,
      status: "depublished",
      publishedAt: new Date(),
      publishedEverAt: new Date(),
    });
    const request = await db.legalRequest.create({
      data: {
        track: "depublication",
        status: "executed",
        pressReleaseId: release.id,
        companyId: company.id,
        requesterUserId: owner.id,
        requesterName: "Erika Muster",
        requesterEmail: "erika@example.test",
        body: "Bitte entfernen",
        executedAt: new Date(),
      },
    });
    if (via === "correction") {
      await db.pressReleaseCorrection.create({
        data: {
          pressReleaseId: release.id,
          legalRequestId: request.id,
          kind: "withdrawal",
          portal: release.portal,
          language: release.language,
          releaseTitle: release.title,
          note: "Zurückgezogen.",
        },
      });
    } else {
      // Only the request's own record says it: the `executed` event naming the measure.
      await db.legalRequestEvent.create({
        data: {
          legalRequestId: request.id,
          type: "executed",
          data: { from: "approved", to: "executed", measure: "depublish", pressReleaseId: release.id },
        },
      });
    }
    return release;
  }

  it("is refused to an editor holding only press-releases:publish, whichever record names the withdrawal; nothing changes", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    for (const via of ["correction", "event"] as const) {
      const release = await legallyWithdrawn(via);
      const before = await worldOf(release.id);
      const err = await errorOf(
        decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "republish", reason: "Kunde bittet darum" }),
      );
      expect(err.code).toBe("forbidden");
      expect(err.details).toMatchObject({ reason: "legal_withdrawal" });
      expect(await worldOf(release.id)).toEqual(before);
    }
  });

  it("is allowed to an editor who also holds compliance:manage, and recorded like every republish", async () => {
    const editor = await seedAdmin(["press-releases:publish", "compliance:manage"]);
    const release = await legallyWithdrawn("correction");
    await decideReleaseAsAdmin({
      adminUserId: editor.id,
      releaseId: release.id,
      action: "republish",
      reason: "Einstweilige Verfügung aufgehoben",
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
    expect((await historyOf(release.id)).map((h) => [h.outcome, h.reason, h.actorUserId])).toEqual([
      ["republish", "Einstweilige Verfügung aufgehoben", editor.id],
    ]);
  });

  it("leaves an editorial depublication to press-releases:publish alone", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "depublish", reason: "Prüfung" });
    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "republish", reason: "Geprüft" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
  });

  it("when compliance:manage is revoked while the republish waits: the revocation commits first and the republish is refused", async () => {
    const editor = await seedAdmin(["press-releases:publish", "compliance:manage"]);
    const release = await legallyWithdrawn("correction");
    let commitRevocation!: () => void;
    const held = new Promise<void>((r) => (commitRevocation = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const revocation = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${editor.id} FOR UPDATE`;
      await tx.user.update({ where: { id: editor.id }, data: { permissions: ["press-releases:publish"] } });
      locked();
      await held;
    });
    await isLocked;
    const [decision] = await Promise.all([
      errorOf(decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "republish", reason: "zu spät" })),
      new Promise((r) => setTimeout(r, 150)).then(() => commitRevocation()),
    ]);
    await revocation;
    expect(decision).toMatchObject({ code: "forbidden", details: { reason: "legal_withdrawal" } });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("depublished");
  });
});
