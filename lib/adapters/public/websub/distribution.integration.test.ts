import { createHmac } from "node:crypto";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import schema from "jsonfeed-schema/schema-v1.1.json";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { KI } from "@/lib/domains/releases/history";
import { provideAfterCommitReactions } from "@/lib/domains/releases/lifecycle/after-commit-reactions";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { markReleaseGone } from "@/lib/domains/releases/tombstone";
import { rewriteReleaseText } from "@/lib/domains/legal/corrections/rewrite-release-text";
import { getSiteHosts, releaseUrl, type Edition, type Portal } from "@/lib/domains/sites";
import { RELEASE_REACTIONS } from "@/lib/runtime/release-reactions";
import { seedRelease, unique } from "@/tests/factories";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { hubRequest, startSubscriber, type Received, type Subscriber } from "@/tests/websub-fixtures";
import { websubDistribution } from "./reaction";
import { pruneWebsub } from "./prune";
import { runWebsubHub } from "./run-hub";
import { RETRY_DELAYS_MS } from "./settings";
import { topicUrl, websubHubUrl, type TopicFeed } from "./topics";

// Content distribution (WebSub 7) against a real subscriber on 127.0.0.1: what a publication
// sends, to whom, when, signed how; what it never sends (embargo, another portal or edition,
// ended or expired subscriptions); retries, Gone, and the per-host lanes.

process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
resetConfigForTests();

const HOUR = 3_600_000;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateJsonFeed = ajv.compile(schema);

let sub: Subscriber;
beforeAll(async () => {
  sub = await startSubscriber();
  // The lead adds the reaction to RELEASE_REACTIONS; until then the test lists it itself.
  provideAfterCommitReactions(
    RELEASE_REACTIONS.includes(websubDistribution) ? RELEASE_REACTIONS : [...RELEASE_REACTIONS, websubDistribution],
  );
});
afterAll(async () => {
  provideAfterCommitReactions(RELEASE_REACTIONS);
  await sub.close();
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  resetConfigForTests();
});

/** A newsroom with a category of its own on `portal`, and the category feed's topic per edition and format. */
async function world(portal: Portal = "business", newsroomPortal: Portal | "both" = portal) {
  const { owner, company } = await seedNewsroom({ portal: newsroomPortal, quota: 100 });
  const category = await db.category.create({ data: { portal, slug: unique("wsc"), nameDe: "Kategorie", nameEn: "Category" } });
  const topic = (edition: Edition = "de", format: TopicFeed["format"] = "rss", kind: "category" | "newsroom" = "category") =>
    topicUrl({ kind, portal, edition, slug: kind === "category" ? category.slug : company.slug, format });
  /** A release in review with a green check, published by the check's actor; `onPublish` is told when publish() starts. */
  const publish = async (data: { portal?: Portal; language?: Edition; categoryId?: number | null } = {}, onPublish = () => {}) => {
    const release = await seedCheckedRelease(company.id, owner.id, {
      data: { portal, language: "de", categoryId: category.id, title: `Neues Werk ${unique("t")}`, ...data },
    });
    onPublish();
    await publishRelease({ releaseId: release.id, actor: KI });
    return db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
  };
  return { owner, company, category, topic, publish };
}

/** Subscribes `on`'s callbacks at `paths` to `topic` and runs their verification. */
async function subscribe(topic: string, paths: string | string[], extra: Record<string, string> = {}, on: Subscriber = sub) {
  const callbacks = (Array.isArray(paths) ? paths : [paths]).map((p) => on.callback(p));
  for (const callback of callbacks) {
    const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback, ...extra });
    expect(res.status, await res.clone().text()).toBe(202);
  }
  await runWebsubHub();
  expect(await db.websubSubscription.count({ where: { topic, callback: { in: callbacks } } })).toBe(callbacks.length);
}

const signatureOf = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const linkOf = (topic: string) => `<${websubHubUrl()}>; rel="hub", <${topic}>; rel="self"`;

describe("WebSub: discovery", () => {
  it("every feed names the hub and itself, in the document and in the Link header", async () => {
    const w = await world();
    await w.publish();
    const hub = websubHubUrl();
    const { GET: rss } = await import("@/app/portal/[portal]/[edition]/category/[slug]/feed/route");
    const res = await rss(new Request(w.topic()), {
      params: Promise.resolve({ portal: "business", edition: "de", slug: w.category.slug }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("link")).toBe(linkOf(w.topic()));
    const xml = await res.text();
    expect(xml).toContain(`<atom:link href="${hub}" rel="hub"/>`);
    expect(xml.match(/rel="self"/g)).toHaveLength(1);
    expect(xml).toContain(`<atom:link href="${w.topic()}" rel="self" type="application/rss+xml"/>`);

    const { GET: json } = await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/feed.json/route");
    const jres = await json(new Request(w.topic("de", "json", "newsroom")), {
      params: Promise.resolve({ portal: "business", edition: "de", slug: w.company.slug }),
    });
    expect(jres.headers.get("link")).toBe(linkOf(w.topic("de", "json", "newsroom")));
    const feed = (await jres.json()) as { feed_url: string; hubs: unknown };
    expect(validateJsonFeed(feed), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    expect(feed.feed_url).toBe(w.topic("de", "json", "newsroom"));
    expect(feed.hubs).toEqual([{ type: "WebSub", url: hub }]);

    const { GET: main } = await import("@/app/portal/[portal]/[edition]/feed/route");
    const mres = await main(new Request("http://x/en/feed"), { params: Promise.resolve({ portal: "tech", edition: "en" }) });
    expect(mres.headers.get("link")).toBe(linkOf(topicUrl({ kind: "main", portal: "tech", edition: "en", slug: null, format: "rss" })));
    const { GET: corrections } = await import("@/app/portal/[portal]/[edition]/corrections/feed.json/route");
    const cres = await corrections(new Request("http://x/de/corrections/feed.json"), {
      params: Promise.resolve({ portal: "business", edition: "de" }),
    });
    const log = (await cres.json()) as { feed_url: string; hubs: unknown };
    expect(log.feed_url).toBe(topicUrl({ kind: "corrections", portal: "business", edition: "de", slug: null, format: "json" }));
    expect(log.hubs).toEqual([{ type: "WebSub", url: hub }]);
    expect(cres.headers.get("link")).toBe(linkOf(log.feed_url));
  });
});

describe("WebSub: content distribution", () => {
  it("a publication reaches the subscribers within seconds, through the after-commit dispatch, signed with their secret", async () => {
    const w = await world();
    await subscribe(w.topic(), "/fast-rss", { "hub.secret": "top secret ✓" });
    await subscribe(w.topic("de", "json"), "/fast-json");
    const before = sub.received.length;

    // As in the app: the dispatch after the commit starts this process's local worker.
    process.env.JOBS_AUTO_DRAIN = "true";
    resetConfigForTests();
    const { drainQueue } = await import("@/lib/runtime/jobs/local-worker");
    let rss: Received;
    let json: Received;
    let elapsed: number;
    let release: Awaited<ReturnType<typeof w.publish>>;
    try {
      // From the call of publish() (its commit comes inside it) to the subscriber's receipt.
      let t0 = 0;
      release = await w.publish({}, () => (t0 = performance.now()));
      await sub.waitFor(() => sub.deliveries("/fast-rss").length > 0 && sub.deliveries("/fast-json").length > 0, 5_000);
      rss = sub.deliveries("/fast-rss")[0]!;
      json = sub.deliveries("/fast-json")[0]!;
      elapsed = Math.max(rss.at, json.at) - t0;
    } finally {
      process.env.JOBS_AUTO_DRAIN = "false";
      resetConfigForTests();
      // The drain those dispatches started goes on while the queue has rows: it ends here, or it
      // would run the next tests' distributor jobs behind their backs (and win their races).
      await drainQueue();
    }
    console.log(`websub: publish → delivery ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(5_000);
    expect(sub.received.slice(before).every((r) => r.method === "POST")).toBe(true);

    const url = releaseUrl(release, getSiteHosts());
    expect(rss.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(rss.headers.link).toBe(linkOf(w.topic()));
    expect(rss.headers["x-hub-signature"]).toBe(signatureOf("top secret ✓", rss.body));
    expect(rss.body).toContain(`<link>${url}</link>`);
    expect(rss.body).toContain(release.title);
    // Exactly what the feed URL serves now.
    const { GET } = await import("@/app/portal/[portal]/[edition]/category/[slug]/feed/route");
    const served = await GET(new Request(w.topic()), {
      params: Promise.resolve({ portal: "business", edition: "de", slug: w.category.slug }),
    });
    expect(await served.text()).toBe(rss.body);

    expect(json.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
    expect(json.headers["x-hub-signature"]).toBeUndefined();
    const feed = JSON.parse(json.body) as { feed_url: string; items: { url: string }[] };
    expect(validateJsonFeed(feed)).toBe(true);
    expect(feed.feed_url).toBe(w.topic("de", "json"));
    expect(feed.items.map((i) => i.url)).toEqual([url]);

    // Delivered is done: nothing is sent twice.
    await runWebsubHub();
    expect(sub.deliveries("/fast-rss")).toHaveLength(1);
    expect(await db.websubDelivery.count({ where: { subscription: { topic: w.topic() } } })).toBe(0);
  });

  it("a correction and a removal (410) send the feed as it is after them", async () => {
    const w = await world();
    await subscribe(w.topic(), "/changes");
    const release = await w.publish();
    await runWebsubHub();
    expect(sub.deliveries("/changes")).toHaveLength(1);

    const title = `Berichtigt ${unique("t")}`;
    await db.$transaction(async (tx) =>
      rewriteReleaseText(tx, {
        release: await tx.pressRelease.findUniqueOrThrow({ where: { id: release.id } }),
        text: { title, lead: release.lead, body: release.body },
        actor: { type: "system" },
        outcome: "corrected",
        reason: "test",
        now: new Date(),
      }),
    );
    await runWebsubHub();
    expect(sub.deliveries("/changes")).toHaveLength(2);
    expect(sub.deliveries("/changes")[1]!.body).toContain(title);

    await markReleaseGone({ releaseId: release.id, actor: { type: "system" }, reason: "test" });
    await runWebsubHub();
    expect(sub.deliveries("/changes")).toHaveLength(3);
    expect(sub.deliveries("/changes")[2]!.body).not.toContain(release.slug);
  });

  it("nothing for another portal or edition, nothing for an embargoed release until its time", async () => {
    const w = await world("business", "both");
    await seedRelease({
      companyId: w.company.id,
      portal: "business",
      language: "de",
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
    });
    await subscribe(w.topic(), "/place-category");
    await subscribe(w.topic("de", "rss", "newsroom"), "/place-newsroom");
    await subscribe(topicUrl({ kind: "main", portal: "business", edition: "de", slug: null, format: "json" }), "/place-main");

    // The same newsroom on the other portal, and the other edition of this portal.
    const techCategory = await db.category.create({ data: { portal: "tech", slug: unique("t"), nameDe: "T", nameEn: "T" } });
    await w.publish({ portal: "tech", categoryId: techCategory.id });
    await w.publish({ language: "en" });
    await runWebsubHub();
    expect(sub.deliveries("/place-category")).toEqual([]);
    expect(sub.deliveries("/place-newsroom")).toEqual([]);
    expect(sub.deliveries("/place-main")).toEqual([]);

    // Under embargo: published with a later time. Its feeds do not change until then.
    const at = new Date(Date.now() + HOUR);
    const embargoed = await seedRelease({
      companyId: w.company.id,
      portal: "business",
      language: "de",
      categoryId: w.category.id,
      status: "published",
      publishedAt: at,
      publishedEverAt: at,
    });
    await db.$transaction((tx) =>
      websubDistribution.handle(tx, {
        id: 0,
        releaseId: embargoed.id,
        type: "published",
        from: "scheduled",
        to: "published",
        actor: KI,
        data: {},
        occurredAt: new Date(),
      }),
    );
    await runWebsubHub();
    expect(sub.deliveries("/place-category")).toEqual([]);
    expect(sub.deliveries("/place-newsroom")).toEqual([]);
    // A second notification waits for its time.
    expect(await db.websubNotification.count({ where: { topic: w.topic(), processedAt: null, dueAt: at } })).toBe(1);

    await runWebsubHub({ now: () => new Date(at.getTime() + 1_000) });
    for (const path of ["/place-category", "/place-newsroom", "/place-main"]) {
      const [delivery] = sub.deliveries(path);
      expect(delivery, path).toBeDefined();
      expect(delivery!.body, path).toContain(embargoed.slug);
    }
  });

  it("a subscription that ended (verified unsubscribe) or expired gets nothing; the others still do", async () => {
    const w = await world();
    await subscribe(w.topic(), ["/stays", "/leaves", "/expires"]);
    expect((await hubRequest({ "hub.mode": "unsubscribe", "hub.topic": w.topic(), "hub.callback": sub.callback("/leaves") })).status).toBe(
      202,
    );
    await runWebsubHub();
    await db.websubSubscription.updateMany({
      where: { callback: sub.callback("/expires") },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    await w.publish();
    await runWebsubHub();
    expect(sub.deliveries("/stays")).toHaveLength(1);
    expect(sub.deliveries("/leaves")).toEqual([]);
    expect(sub.deliveries("/expires")).toEqual([]);

    // The daily prune removes what expired.
    const pruned = await pruneWebsub();
    expect(pruned.subscriptions).toBeGreaterThanOrEqual(1);
    expect(await db.websubSubscription.count({ where: { topic: w.topic() } })).toBe(1);
  });

  it("a failing subscriber is tried again with back-off; one answering 410 Gone is removed; one that never answers is given up", async () => {
    const w = await world();
    await subscribe(w.topic(), ["/flaky", "/gone", "/down"]);
    let flaky = 0;
    sub.onDelivery = (r) => {
      if (r.path === "/flaky") return { status: flaky++ === 0 ? 500 : 204 };
      if (r.path === "/gone") return { status: 410 };
      return { status: 503 };
    };
    try {
      await w.publish();
      await runWebsubHub();
      expect(sub.deliveries("/flaky")).toHaveLength(1);
      const waiting = await db.websubDelivery.findFirstOrThrow({ where: { subscription: { callback: sub.callback("/flaky") } } });
      expect(waiting).toMatchObject({ attempts: 1, lastStatus: 500, lastError: "HTTP 500", claimedUntil: null });
      const wait = waiting.nextAttemptAt.getTime() - waiting.lastAttemptAt!.getTime();
      expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);
      expect(wait).toBeLessThan(RETRY_DELAYS_MS[0] + 5_000);
      expect(await db.websubSubscription.count({ where: { callback: sub.callback("/gone") } })).toBe(0);

      // Not before its time.
      await runWebsubHub();
      expect(sub.deliveries("/flaky")).toHaveLength(1);
      let clock = Date.now();
      for (const delay of RETRY_DELAYS_MS) {
        clock += delay + 1_000;
        await runWebsubHub({ now: () => new Date(clock) });
      }
      const [first, second] = sub.deliveries("/flaky");
      expect(second!.body).toBe(first!.body);
      expect(sub.deliveries("/flaky")).toHaveLength(2);
      expect(await db.websubSubscription.findFirst({ where: { callback: sub.callback("/flaky") } })).toMatchObject({
        lastDeliveryStatus: 204,
        lastDeliveryError: null,
      });
      // 1 + 5 retries, then given up; the subscription stays for the next change.
      expect(sub.deliveries("/down")).toHaveLength(1 + RETRY_DELAYS_MS.length);
      expect(await db.websubDelivery.count({ where: { subscription: { topic: w.topic() } } })).toBe(0);
      expect(await db.websubSubscription.findFirst({ where: { callback: sub.callback("/down") } })).toMatchObject({
        lastDeliveryStatus: 503,
        lastDeliveryError: expect.stringMatching(/^given up after 6 attempts/),
      });
    } finally {
      sub.onDelivery = () => ({ status: 204 });
    }
  });

  it("one slow host holds up only its own lane: at most 4 of its requests at once, others served meanwhile", async () => {
    const slow = await startSubscriber();
    const fast = await startSubscriber();
    try {
      const w = await world();
      slow.onDelivery = () => ({ status: 204, delayMs: 1_000 });
      await subscribe(
        w.topic(),
        Array.from({ length: 8 }, (_, i) => `/slow-${i}`),
        {},
        slow,
      );
      await subscribe(w.topic(), "/fast", {}, fast);
      await w.publish();
      const t0 = performance.now();
      await runWebsubHub();
      const done = performance.now() - t0;
      expect(slow.deliveries()).toHaveLength(8);
      expect(slow.maxInFlight).toBe(4);
      expect(fast.deliveries()).toHaveLength(1);
      // Before the slow host's first round is even answered.
      expect(fast.deliveries()[0]!.at - t0).toBeLessThan(1_000);
      expect(done).toBeGreaterThanOrEqual(2_000);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  it("deliveries to one host are paced: 10 a second", async () => {
    const busy = await startSubscriber();
    try {
      const w = await world();
      await subscribe(
        w.topic(),
        Array.from({ length: 25 }, (_, i) => `/paced-${i}`),
        {},
        busy,
      );
      await w.publish();
      await runWebsubHub();
      const times = busy.deliveries().map((r) => r.at);
      expect(times).toHaveLength(25);
      // 25 at 10 per (fixed, one-second) window take three windows: more than one whole second.
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(900);
    } finally {
      await busy.close();
    }
  });

  it("a change while a delivery is under way sends the newer content after it", async () => {
    const w = await world();
    await subscribe(w.topic(), "/moving");
    // The first send is answered only once the second publication has committed.
    let secondCommitted = () => {};
    const held = new Promise<void>((resolve) => (secondCommitted = resolve));
    sub.onDelivery = (r) =>
      r.path === "/moving" && sub.deliveries("/moving").length === 1 ? { status: 204, until: held } : { status: 204 };
    try {
      const first = await w.publish();
      const run = runWebsubHub();
      await sub.waitFor(() => sub.deliveries("/moving").length === 1);
      const second = await w.publish();
      // Long enough for the run to see the change while the first send is still under way.
      setTimeout(secondCommitted, 600);
      await run;
      // The same run sent it again once the first send was answered.
      const bodies = sub.deliveries("/moving").map((r) => r.body);
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toContain(first.slug);
      expect(bodies[0]).not.toContain(second.slug);
      expect(bodies[1]).toContain(second.slug);
    } finally {
      sub.onDelivery = () => ({ status: 204 });
    }
  });
});
