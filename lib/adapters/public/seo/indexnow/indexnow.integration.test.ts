import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { rewriteReleaseText } from "@/lib/domains/legal/corrections/rewrite-release-text";
import { deleteRelease } from "@/lib/domains/releases/delete-release";
import { KI, SYSTEM } from "@/lib/domains/releases/history";
import { lockRelease } from "@/lib/domains/releases/lock";
import { archiveRelease, depublishRelease } from "@/lib/domains/releases/moves";
import { publishLocked, publishRelease } from "@/lib/domains/releases/publish-release";
import { reindexSearch } from "@/lib/domains/releases/search";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { markReleaseGone } from "@/lib/domains/releases/tombstone";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { startPushServer, type PushServer } from "@/tests/alert-push-server";
import { seedRelease, unique } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { indexNowKey, INDEXNOW_KEY_PATH } from "./indexnow-key";
import { INDEXNOW_MAX_ATTEMPTS, sendIndexNowPings } from "./send-indexnow-pings";

// IndexNow: a ping recorded in the transaction of each publication, correction and removal,
// sent after the commit by the sender job to a local IndexNow server started here. The key
// file itself: tests/indexnow-key-file.test.ts.

let server: PushServer;
beforeAll(async () => {
  server = await startPushServer();
});
afterAll(() => server.close());
// Back to the tests' default after each test: recorded, never sent to the network.
afterEach(() => setLimits({ INDEXNOW_ENDPOINT: "local", INDEXNOW_KEY: undefined }));

const sendTo = async (url: string) => {
  setLimits({ INDEXNOW_ENDPOINT: url });
  return sendIndexNowPings();
};
const pingsOf = (pressReleaseId: number) => db.indexNowPing.findMany({ where: { pressReleaseId }, orderBy: { id: "asc" } });

/** A release in review with a green check of its text, its search row written as a save writes it. */
async function checkedRelease(portal: "business" | "tech" = "business") {
  const { owner, company } = await seedNewsroom({ portal });
  const release = await seedCheckedRelease(company.id, owner.id, { data: { portal } });
  await syncSearchMirror(db, release.id);
  return release;
}
async function publishedRelease(portal: "business" | "tech" = "business") {
  const release = await checkedRelease(portal);
  await publishRelease({ releaseId: release.id, actor: KI });
  return release;
}

describe("IndexNow pings", () => {
  it("records publish, correction and removal after the commit and sends one request per host with host, key, keyLocation and urlList", async () => {
    await sendTo("local"); // earlier pings of this database are out of the way
    const a = await publishedRelease("business");
    const b = await publishedRelease("tech");
    await db.$transaction(async (tx) =>
      rewriteReleaseText(tx, {
        release: await lockRelease(tx, a.id),
        text: { title: a.title, lead: "Ergänzt", body: a.body.replace("250", "260") },
        actor: SYSTEM,
        outcome: "legal_correction",
        reason: "legal request 1",
        now: new Date(),
      }),
    );
    await depublishRelease({ releaseId: b.id, actor: SYSTEM });
    expect((await pingsOf(a.id)).map((p) => [p.reason, p.status])).toEqual([
      ["publish", "pending"],
      ["correction", "pending"],
    ]);
    expect((await pingsOf(b.id)).map((p) => [p.reason, p.status])).toEqual([
      ["publish", "pending"],
      ["removal", "pending"],
    ]);

    server.received.length = 0;
    server.answer = 200;
    // b's publish is no longer true when the sender runs (b was depublished): dropped; its removal names the address.
    expect(await sendTo(server.url)).toEqual({ sent: 3, recorded: 0, failed: 0, retrying: 0, dropped: 1 });
    const hosts = getSiteHosts();
    const bodies = server.received.map((r) => r.body);
    expect(bodies).toEqual([
      {
        host: hosts.business,
        key: indexNowKey("business"),
        keyLocation: `${hosts.protocol}://${hosts.business}${INDEXNOW_KEY_PATH}`,
        urlList: [releaseUrl(a, hosts)],
      },
      {
        host: hosts.tech,
        key: indexNowKey("tech"),
        keyLocation: `${hosts.protocol}://${hosts.tech}${INDEXNOW_KEY_PATH}`,
        urlList: [releaseUrl(b, hosts)],
      },
    ]);
    expect(server.received[0]!.headers["content-type"]).toBe("application/json; charset=utf-8");
    const sent = await pingsOf(a.id);
    expect(sent.every((p) => p.status === "sent" && p.httpStatus === 200 && p.sentAt !== null)).toBe(true);
    // Sent once: a second run finds nothing waiting.
    expect(await sendTo(server.url)).toEqual({ sent: 0, recorded: 0, failed: 0, retrying: 0, dropped: 0 });
    expect((await pingsOf(b.id)).map((p) => [p.reason, p.status])).toEqual([
      ["publish", "dropped"],
      ["removal", "sent"],
    ]);
  });

  it("pings a removal for tombstone, archive and deletion, but not for what was never public or for a search rebuild", async () => {
    const gone = await publishedRelease();
    const archived = await publishedRelease();
    const deleted = await publishedRelease();
    const draft = await checkedRelease();
    await markReleaseGone({ releaseId: gone.id, actor: SYSTEM });
    await archiveRelease({ releaseId: archived.id, actor: SYSTEM });
    await deleteRelease({ releaseId: deleted.id, actor: SYSTEM });
    await deleteRelease({ releaseId: draft.id, actor: SYSTEM });
    await reindexSearch();
    for (const r of [gone, archived, deleted]) expect((await pingsOf(r.id)).map((p) => p.reason)).toEqual(["publish", "removal"]);
    expect(await pingsOf(draft.id)).toEqual([]);
  });

  it("writes no ping when the change rolls back", async () => {
    const release = await checkedRelease();
    await expect(
      db.$transaction(async (tx) => {
        await publishLocked(tx, await lockRelease(tx, release.id), { actor: KI, now: new Date() });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await pingsOf(release.id)).toEqual([]);
  });

  it("records without sending on the embedded default, retries a busy endpoint and gives up on a refusal", async () => {
    const local = await publishedRelease();
    server.received.length = 0;
    expect((await sendTo("local")).recorded).toBeGreaterThanOrEqual(1);
    expect((await pingsOf(local.id))[0]).toMatchObject({ status: "recorded", httpStatus: null });
    expect(server.received).toEqual([]);

    const busy = await publishedRelease();
    server.answer = 429;
    expect(await sendTo(server.url)).toMatchObject({ retrying: 1 });
    expect((await pingsOf(busy.id))[0]).toMatchObject({ status: "pending", attempts: 1, httpStatus: 429 });
    for (let i = 1; i < INDEXNOW_MAX_ATTEMPTS; i++) await sendTo(server.url);
    expect((await pingsOf(busy.id))[0]).toMatchObject({ status: "failed", attempts: INDEXNOW_MAX_ATTEMPTS });

    const refused = await publishedRelease();
    server.answer = 403;
    expect(await sendTo(server.url)).toMatchObject({ failed: 1 });
    expect((await pingsOf(refused.id))[0]).toMatchObject({ status: "failed", attempts: 1, httpStatus: 403, error: "HTTP 403" });
  });

  it("announces a release under embargo at its time, never before; one withdrawn or moved under embargo is not announced early", async () => {
    await sendTo("local"); // earlier pings of this database are out of the way
    const { company } = await seedNewsroom();
    const HOUR = 3_600_000;
    const embargoed = async (at: Date) => {
      const release = await seedRelease({
        companyId: company.id,
        slug: unique("embargo"),
        status: "published",
        publishedAt: at,
        publishedEverAt: at,
      });
      await syncSearchMirror(db, release.id);
      return release;
    };
    const sendAt = (now: Date) => {
      setLimits({ INDEXNOW_ENDPOINT: server.url });
      return sendIndexNowPings({ now });
    };
    const urlsSent = () => server.received.flatMap((r) => (r.body as { urlList: string[] }).urlList);
    const hosts = getSiteHosts();
    const at = new Date(Date.now() + HOUR);
    const onTime = await embargoed(at);
    const withdrawn = await embargoed(at);
    const moved = await embargoed(at);
    expect((await pingsOf(onTime.id)).map((p) => [p.reason, p.status, p.dueAt.getTime()])).toEqual([["publish", "pending", at.getTime()]]);
    // Withdrawn before its time: it was never served, so no removal is announced.
    await depublishRelease({ releaseId: withdrawn.id, actor: SYSTEM });
    expect((await pingsOf(withdrawn.id)).map((p) => p.reason)).toEqual(["publish"]);
    // Moved later before its time: the waiting announcement moves with it.
    const later = new Date(at.getTime() + 2 * HOUR);
    await db.pressRelease.update({ where: { id: moved.id }, data: { publishedAt: later } });
    await syncSearchMirror(db, moved.id);
    expect((await pingsOf(moved.id)).map((p) => [p.reason, p.dueAt.getTime()])).toEqual([["publish", later.getTime()]]);

    server.received.length = 0;
    server.answer = 200;
    // Every minute before the time: nothing leaves, however often the sender runs.
    expect(await sendAt(new Date())).toMatchObject({ sent: 0, dropped: 0 });
    expect(await sendAt(new Date(at.getTime() - 1_000))).toMatchObject({ sent: 0, dropped: 0 });
    expect(urlsSent()).toEqual([]);
    // A due time written before the move is checked again at send time: still embargoed, it waits.
    await db.indexNowPing.updateMany({ where: { pressReleaseId: moved.id }, data: { dueAt: at } });

    // Past the time, with nothing syncing the mirror at that moment: the sender picks it up.
    expect(await sendAt(new Date(at.getTime() + 60_000))).toMatchObject({ sent: 1, dropped: 1 });
    expect(urlsSent()).toEqual([releaseUrl(onTime, hosts)]);
    expect((await pingsOf(onTime.id))[0]).toMatchObject({ status: "sent", httpStatus: 200 });
    expect((await pingsOf(withdrawn.id))[0]).toMatchObject({ status: "dropped", error: "not public when due" });
    expect((await pingsOf(moved.id))[0]).toMatchObject({ status: "pending", dueAt: later });
    expect(await sendAt(new Date(later.getTime() + 60_000))).toMatchObject({ sent: 1 });
    expect(urlsSent()).toEqual([releaseUrl(onTime, hosts), releaseUrl(moved, hosts)]);
  });

  it("a release without a search row yet that is published at once is announced", async () => {
    const { company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });
    await syncSearchMirror(db, release.id);
    expect((await pingsOf(release.id)).map((p) => p.reason)).toEqual(["publish"]);
  });
});
