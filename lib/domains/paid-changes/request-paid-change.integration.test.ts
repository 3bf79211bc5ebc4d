import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedRelease, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { join } from "@/tests/team-fixtures";
import { expireLapsedChanges } from "./expire-lapsed-changes";
import { payableChangeOrThrow } from "./payable-change";
import { requestPaidChange } from "./request-paid-change";

const T0 = new Date("2026-11-01T09:00:00Z");
const NOW = new Date("2026-11-20T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const CHANGED_BODY = GOOD_BODY.replace("250 Arbeitsplätze", "300 Arbeitsplätze");

async function published(data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: T0,
    publishedEverAt: T0,
    contentChangedAt: T0,
    title: `Neues Werk ${unique("w")}`,
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.de",
    ...data,
  });
  return { owner, company, release };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (err: unknown) => err as AppError,
  );

describe("requestPaidChange (spec 4.5)", () => {
  it("green: opens a change waiting 30 minutes for its payment of 10 EUR net, body sanitised as a save sanitises it", async () => {
    const { owner, release } = await published();
    const body = `${CHANGED_BODY}<script>alert(1)</script><p onclick="x()">Neu.</p>`;
    const out = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      lead: "  Ein Vorspann  ",
      body,
      now: NOW,
    });
    expect(out.precheckResult).toBe("green");
    const change = await db.pressReleaseChange.findUniqueOrThrow({ where: { id: out.changeId } });
    expect(change).toMatchObject({
      status: "pending_payment",
      amountCents: 1000,
      proposedLead: "Ein Vorspann",
      requestedByUserId: owner.id,
      precheckResult: "green",
      expiresAt: minutes(30),
      paidAt: null,
    });
    expect(change.proposedBody).not.toContain("script");
    expect(change.proposedBody).not.toContain("onclick");
    expect(change.editDistancePercent).toBeGreaterThan(0);
    // Nothing changed on the release before the payment.
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).body).toBe(GOOD_BODY);
    expect(await db.activityLog.count({ where: { type: "change.requested", subjectId: String(out.changeId) } })).toBe(1);
    expect(await payableChangeOrThrow({ userId: owner.id, changeId: out.changeId, now: NOW })).toMatchObject({
      releaseId: release.id,
      amountCents: 1000,
    });
  });

  it("red: stores the refusal with its reasons and answers 422 without anything to pay; a clean text goes on afterwards", async () => {
    const { owner, release } = await published();
    const err = await failure(
      requestPaidChange({
        userId: owner.id,
        releaseId: release.id,
        title: release.title,
        body: GOOD_BODY.replace("Brandenburg.", "Brandenburg!!"),
        now: NOW,
      }),
    );
    expect([err.code, err.status]).toEqual(["validation_failed", 422]);
    const reasons = err.details!["reasons"] as { code: string }[];
    expect(reasons.map((r) => r.code)).toContain("exclamations");
    const rows = await db.pressReleaseChange.findMany({ where: { pressReleaseId: release.id } });
    expect(rows.map((r) => [r.status, r.precheckResult, r.expiresAt])).toEqual([["refused", "red", null]]);
    expect((rows[0]!.precheckReasons as { code: string }[]).map((r) => r.code)).toContain("exclamations");

    const ok = await requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW });
    expect(ok.precheckResult).toBe("green");
  });

  it("refuses an unchanged text (also when only stripped markup differs) and a change above the edit-distance limit", async () => {
    const { owner, release } = await published();
    for (const body of [GOOD_BODY, `${GOOD_BODY}<script>x()</script>`]) {
      const err = await failure(
        requestPaidChange({ userId: owner.id, releaseId: release.id, title: ` ${release.title} `, lead: "", body, now: NOW }),
      );
      expect([err.code, err.details]).toEqual(["validation_failed", { unchanged: true }]);
    }
    const rewritten = `<p>${"Ganz andere Worte stehen hier nun anstelle der alten Meldung über das Werk. ".repeat(8)}</p>`;
    const err = await failure(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: rewritten, now: NOW }),
    );
    expect(err.code).toBe("validation_failed");
    expect(err.details).toMatchObject({ limit: 50 });
    expect(err.details!["editDistancePercent"] as number).toBeGreaterThan(50);
    expect(err.message).toMatch(/erlaubt sind höchstens 50 %/);
    // The editor's rules apply as well.
    const short = await failure(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: "Kurz", body: CHANGED_BODY, now: NOW }),
    );
    expect(short.issues?.map((i) => i.path)).toEqual(["title"]);
    expect(await db.pressReleaseChange.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("once per release: a release whose change was used answers 409 with the German message", async () => {
    const { owner, release } = await published({ paidChangeUsedAt: T0 });
    const err = await failure(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW }),
    );
    expect([err.code, err.status, err.message]).toEqual([
      "change_not_allowed",
      409,
      "Diese Pressemitteilung wurde bereits einmal geändert.",
    ]);
  });

  it("only a live published release: a release in review or a tombstoned one is refused", async () => {
    for (const data of [{ status: "in_review" as const }, { goneAt: T0 }]) {
      const { owner, release } = await published(data);
      const err = await failure(
        requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW }),
      );
      expect(err.code).toBe("change_not_allowed");
    }
  });

  it("as an attacker: another newsroom's release is not found; a member may not change a colleague's text", async () => {
    const { release, company } = await published();
    const stranger = (await seedNewsroom()).owner;
    const foreign = await failure(
      requestPaidChange({ userId: stranger.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW }),
    );
    expect(foreign.code).toBe("not_found");
    const member = await join(company.id, "member");
    const forbidden = await failure(
      requestPaidChange({ userId: member.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW }),
    );
    expect(forbidden.code).toBe("forbidden");
    await expect(payableChangeOrThrow({ userId: stranger.id, changeId: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
    expect(await db.pressReleaseChange.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("two requests at once: one change waits for payment, the other gets 409, never a 500", async () => {
    const { owner, release } = await published();
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        requestPaidChange({
          userId: owner.id,
          releaseId: release.id,
          title: release.title,
          body: GOOD_BODY.replace("250", String(250 + n)),
          now: NOW,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "change_not_allowed", message: "Eine Änderung wartet bereits auf Zahlung." });
    }
    expect(await db.pressReleaseChange.count({ where: { pressReleaseId: release.id, status: "pending_payment" } })).toBe(1);
  });

  it("a waiting change written by a transaction that skipped the release lock: the request waits for it and answers 409, not 500", async () => {
    const { owner, release } = await published();
    let commit!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const written = new Promise<void>((resolve) => (inserted = resolve));
    // A transaction that inserts a waiting change without taking the release lock, and holds it open.
    const bypass = db.$transaction(
      async (tx) => {
        await tx.pressReleaseChange.create({
          data: {
            pressReleaseId: release.id,
            proposedTitle: "x",
            proposedBody: "<p>x</p>",
            precheckResult: "green",
            precheckReasons: [],
            editDistancePercent: 1,
            status: "pending_payment",
            amountCents: 1000,
            expiresAt: minutes(30),
          },
        });
        inserted();
        await held;
      },
      { timeout: 20_000 },
    );
    await written;
    const request = requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      body: CHANGED_BODY,
      now: NOW,
    }).catch((err: unknown) => err);
    // The uncommitted row's foreign-key lock on the release holds the request at its row lock
    // until the bypass commits; the request then finds the waiting change.
    for (let i = 0; i < 200; i++) {
      const rows = await db.$queryRaw<
        { waiting: number }[]
      >`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (rows[0]!.waiting > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    commit();
    await bypass;
    expect(await request).toMatchObject({ code: "change_not_allowed", message: "Eine Änderung wartet bereits auf Zahlung." });
  });

  it("a change whose payment window passed expires, and the release is free for a new request", async () => {
    const { owner, release } = await published();
    const first = await requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: NOW });
    await expect(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: minutes(29) }),
    ).rejects.toMatchObject({ code: "change_not_allowed" });
    const second = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      body: CHANGED_BODY,
      now: minutes(31),
    });
    const rows = await db.pressReleaseChange.findMany({ where: { pressReleaseId: release.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first.changeId, "expired"],
      [second.changeId, "pending_payment"],
    ]);
    await expect(payableChangeOrThrow({ userId: owner.id, changeId: first.changeId, now: minutes(31) })).rejects.toMatchObject({
      code: "change_not_allowed",
    });
  });

  it("expireLapsedChanges sweeps every lapsed change and leaves open ones", async () => {
    const a = await published();
    const b = await published();
    const lapsed = await requestPaidChange({
      userId: a.owner.id,
      releaseId: a.release.id,
      title: a.release.title,
      body: CHANGED_BODY,
      now: minutes(-40),
    });
    const open = await requestPaidChange({
      userId: b.owner.id,
      releaseId: b.release.id,
      title: b.release.title,
      body: CHANGED_BODY,
      now: NOW,
    });
    const { expired } = await expireLapsedChanges({ now: NOW });
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await db.pressReleaseChange.findUniqueOrThrow({ where: { id: lapsed.changeId } })).status).toBe("expired");
    expect((await db.pressReleaseChange.findUniqueOrThrow({ where: { id: open.changeId } })).status).toBe("pending_payment");
    expect(await db.activityLog.count({ where: { type: "change.expired", subjectId: String(lapsed.changeId) } })).toBe(1);
  });
});
