import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { KI } from "@/lib/domains/releases/history";
import { archiveRelease, withdrawRelease } from "@/lib/domains/releases/moves";
import { publishLocked, publishRelease } from "@/lib/domains/releases/publish-release";
import { lockRelease } from "@/lib/domains/releases/lock";
import { markReleaseGone } from "@/lib/domains/releases/tombstone";
import { RELEASE_REACTIONS } from "@/lib/runtime/release-reactions";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import {
  afterCommitReactions,
  deliverDueLifecycleEvents,
  deliverLifecycleEvent,
  provideAfterCommitReactions,
} from "./after-commit-reactions";
import type { LifecycleEvent, Reaction } from "./types";

// Release lifecycle events (docs/release-lifecycle.md "Lifecycle events"): a transition records
// what happened in its own transaction; the reactions that are part of the change run there,
// the others after the commit, at least once and never twice.

const NOW = new Date("2026-11-20T10:00:00Z");
const eventsOf = (releaseId: number) => db.releaseLifecycleEvent.findMany({ where: { pressReleaseId: releaseId }, orderBy: { id: "asc" } });
const publishedMails = (to: string) => db.mailOutbox.count({ where: { to, mailType: "published" } });

/** A reaction that remembers what it heard; `failures` times it throws first. */
function listener(name: string, failures = 0): Reaction & { heard: LifecycleEvent[] } {
  const heard: LifecycleEvent[] = [];
  let left = failures;
  return {
    name,
    on: ["published"],
    heard,
    async handle(_tx, event) {
      if (left-- > 0) throw new Error("receiver away");
      heard.push(event);
    },
  };
}

afterEach(() => provideAfterCommitReactions(RELEASE_REACTIONS));

describe("lifecycle events", () => {
  it("each transition records its event with the change; the search mirror and caches follow in the same transaction", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    await archiveRelease({ releaseId: release.id, actor: { type: "user", userId: owner.id }, now: NOW });
    await markReleaseGone({ releaseId: release.id, actor: { type: "system" }, reason: "test", now: NOW });

    const events = await eventsOf(release.id);
    expect(events.map((e) => [e.type, e.fromStatus, e.toStatus, e.actorType])).toEqual([
      ["published", "in_review", "published", "ki"],
      ["archived", "published", "archived", "user"],
      ["tombstoned", "archived", "archived", "system"],
    ]);
    // Each one has its history row, and every listener after the commit ran: the events are settled.
    expect(await db.pressReleaseHistory.count({ where: { pressReleaseId: release.id } })).toBe(3);
    expect(events.every((e) => e.settledAt)).toBe(true);
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).status).toBe("archived");
    // The publication is additive for the caches; the archiving and the tombstone are not.
    const invalidations = await db.publicCacheInvalidation.findMany({
      orderBy: { id: "asc" },
      where: { createdAt: { gte: events[0]!.occurredAt } },
    });
    expect(invalidations.some((i) => i.additive && i.tags.includes(`release:business:de:${release.slug}`))).toBe(true);
  });

  it("a transition that rolls back leaves no event, no history and no mail", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await expect(
      db.$transaction(async (tx) => {
        await publishLocked(tx, await lockRelease(tx, release.id), { actor: KI, now: NOW });
        throw new Error("the caller changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await eventsOf(release.id)).toEqual([]);
    expect(await publishedMails(owner.email)).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("in_review");
  });

  it("a new reaction to publications is one more entry in the list: it hears each publication once, after the commit", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const extra = listener("test-extra");
    provideAfterCommitReactions([...RELEASE_REACTIONS, extra]);
    let committedWhenHeard: string | undefined;
    extra.handle = async (_tx, event) => {
      committedWhenHeard = (await db.pressRelease.findUniqueOrThrow({ where: { id: event.releaseId } })).status;
      extra.heard.push(event);
    };
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    expect(extra.heard.map((e) => [e.type, e.releaseId])).toEqual([["published", release.id]]);
    // It ran after the commit: another connection already saw the release published.
    expect(committedWhenHeard).toBe("published");
    expect(await publishedMails(owner.email)).toBe(1);
    // Delivering the settled event again does nothing twice.
    const [event] = await eventsOf(release.id);
    await deliverLifecycleEvent(event!.id, afterCommitReactions()!);
    expect(extra.heard).toHaveLength(1);
    expect(await publishedMails(owner.email)).toBe(1);
  });

  it("a reaction that fails is retried by the sweep with back-off; the ones that succeeded are not repeated", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const flaky = listener("test-flaky", 1);
    provideAfterCommitReactions([...RELEASE_REACTIONS, flaky]);
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });

    const [pending] = await eventsOf(release.id);
    expect(pending).toMatchObject({ settledAt: null, attempts: 1, lastError: expect.stringContaining("test-flaky: receiver away") });
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await publishedMails(owner.email)).toBe(1);
    // Not due yet: the sweep leaves it.
    expect(await deliverDueLifecycleEvents(afterCommitReactions()!, { graceMs: 0 })).toEqual({ delivered: 0, failed: 0 });
    const later = new Date(pending!.nextAttemptAt.getTime() + 1);
    expect(await deliverDueLifecycleEvents(afterCommitReactions()!, { now: later, graceMs: 0 })).toEqual({ delivered: 1, failed: 0 });
    expect(flaky.heard).toHaveLength(1);
    expect(await publishedMails(owner.email)).toBe(1);
    expect((await eventsOf(release.id))[0]!.settledAt).not.toBeNull();
  });

  it("a process that knows no listeners leaves its events to the sweep of one that does", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    provideAfterCommitReactions(null);
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    expect(await publishedMails(owner.email)).toBe(0);
    expect((await eventsOf(release.id))[0]!.settledAt).toBeNull();

    provideAfterCommitReactions(RELEASE_REACTIONS);
    expect(await deliverDueLifecycleEvents(RELEASE_REACTIONS, { graceMs: 0 })).toMatchObject({ delivered: expect.any(Number) });
    expect(await publishedMails(owner.email)).toBe(1);
  });

  it("runners at once (the one after the commit, sweeps on two instances) deliver each reaction exactly once", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    provideAfterCommitReactions(null);
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    const [event] = await eventsOf(release.id);
    const counted = listener("test-counted");
    const reactions = [...RELEASE_REACTIONS, counted];
    await Promise.all([
      deliverLifecycleEvent(event!.id, reactions),
      deliverLifecycleEvent(event!.id, reactions),
      deliverDueLifecycleEvents(reactions, { graceMs: 0 }),
      deliverDueLifecycleEvents(reactions, { graceMs: 0 }),
    ]);
    // A runner that found the event held steps back; whatever is left, a later sweep finishes.
    await deliverDueLifecycleEvents(reactions, { graceMs: 0 });
    expect(counted.heard).toHaveLength(1);
    expect(await publishedMails(owner.email)).toBe(1);
    expect(await db.lifecycleEventDelivery.count({ where: { eventId: event!.id } })).toBe(reactions.length);
  });

  it("a withdrawal is heard by the search mirror but drops no cached page (it was never public)", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const before = await db.publicCacheInvalidation.count();
    await withdrawRelease({ releaseId: release.id, actor: { type: "user", userId: owner.id }, now: NOW });
    expect((await eventsOf(release.id)).map((e) => e.type)).toEqual(["withdrawn"]);
    expect(await db.publicCacheInvalidation.count()).toBe(before);
  });
});
