import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getConfig, resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { MAX_OUTBOUND_URL_LENGTH } from "@/lib/core/http/outbound-address";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { unique } from "@/tests/factories";
import { hubRequest, startSubscriber, type Subscriber } from "@/tests/websub-fixtures";
import { runWebsubHub } from "./run-hub";
import { LEASE_SECONDS, MAX_IN_FLIGHT, MAX_LANES, SUBSCRIPTION_LIMITS } from "./settings";
import { topicUrl } from "./topics";

// The hub as its attackers see it (security review of the WebSub hub): a party that spreads over
// subdomains or fills a topic, strangers who cancel another's requests or probe who is
// subscribed, a crowd that turns the hub on a third party, a swarm of slow callback hosts that
// would starve the database pool, and callbacks too long to ever be verified.

process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
resetConfigForTests();

let sub: Subscriber;
beforeAll(async () => {
  sub = await startSubscriber();
});
afterAll(async () => {
  await sub.close();
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  resetConfigForTests();
});
afterEach(async () => {
  sub.onVerify = (r) => ({ status: 200, body: r.query.get("hub.challenge") ?? "" });
  // Requests for made-up public hosts only count; no later run may go looking for them.
  await db.websubVerification.deleteMany({ where: { status: "pending", NOT: { callbackHost: { startsWith: "127.0.0.1:" } } } });
});

const HOUR = 3_600_000;

async function categoryTopic() {
  const category = await db.category.create({ data: { portal: "business", slug: unique("wsa"), nameDe: "Kategorie", nameEn: "Category" } });
  return topicUrl({ kind: "category", portal: "business", edition: "de", slug: category.slug, format: "rss" });
}

const mainFeed = topicUrl({ kind: "main", portal: "business", edition: "de", slug: null, format: "rss" });

/** Active subscriptions written straight into the table (what an attacker verified earlier). */
function planted(rows: { topic: string; callback: string }[]) {
  const now = Date.now();
  return db.websubSubscription.createMany({
    data: rows.map((r) => ({
      ...r,
      callbackHost: new URL(r.callback).host,
      leaseSeconds: LEASE_SECONDS.max,
      verifiedAt: new Date(now),
      expiresAt: new Date(now + 30 * 24 * HOUR),
    })),
  });
}

const subscribe = (topic: string, callback: string, extra: Record<string, string> = {}) =>
  hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback, ...extra });
const unsubscribe = (topic: string, callback: string) =>
  hubRequest({ "hub.mode": "unsubscribe", "hub.topic": topic, "hub.callback": callback });
const subscription = (topic: string, callback: string) =>
  db.websubSubscription.findUnique({ where: { topic_callback: { topic, callback } } });

describe("WebSub under attack: limits per callback domain and per topic", () => {
  it("random subdomains (and ports) of one domain are one callback host for the limit", async () => {
    const domain = `${unique("evil")}.example`;
    // 100 verified subscriptions, each from a fresh subdomain, on as many topics.
    const base = await categoryTopic();
    await planted(
      Array.from({ length: SUBSCRIPTION_LIMITS.perCallbackHost }, (_, i) => ({
        topic: `${base}-${i}`,
        callback: `https://x${i}-${unique("s")}.${domain}/cb`,
      })),
    );
    const topic = await categoryTopic();
    for (const callback of [`https://brand-new.${domain}/cb`, `https://${domain}:8443/cb`, `https://a.b.c.${domain.toUpperCase()}./cb`]) {
      const res = await subscribe(topic, callback);
      expect(res.status, callback).toBe(429);
      expect(await res.text()).toMatch(/callback host has the most subscriptions/);
    }
    expect(await db.websubVerification.count({ where: { topic } })).toBe(0);
    // Another registrable domain is another party.
    expect((await subscribe(topic, `https://${domain}.other.example/cb`)).status).toBe(202);
  });

  it("one party cannot take a topic's places: at most 10 per topic from one domain, renewals still pass", async () => {
    const domain = `${unique("squat")}.example`;
    await planted(
      Array.from({ length: SUBSCRIPTION_LIMITS.perTopicAndCallbackHost }, (_, i) => ({
        topic: mainFeed,
        callback: `https://n${i}.${domain}/feed-${i}`,
      })),
    );
    const more = await subscribe(mainFeed, `https://n99.${domain}/more`);
    expect(more.status).toBe(429);
    expect(await more.text()).toMatch(/topic has the most subscriptions it takes from one domain/);
    // A renewal takes no new place.
    expect((await subscribe(mainFeed, `https://n3.${domain}/feed-3`)).status).toBe(202);
    // The edition's feed stays open to everyone else.
    expect((await subscribe(mainFeed, `https://reader.${unique("real")}.example/websub`)).status).toBe(202);
    // The same domain on another topic is still welcome.
    expect((await subscribe(await categoryTopic(), `https://n99.${domain}/more`)).status).toBe(202);
  });
});

describe("WebSub under attack: strangers' requests", () => {
  /** A subscriber's callback that confirms only what it asked for (as WebSub 5.3 wants). */
  function wants(path: string, mode: "subscribe" | "unsubscribe") {
    sub.onVerify = (r) =>
      r.path === path && r.query.get("hub.mode") !== mode
        ? { status: 404, body: "" }
        : { status: 200, body: r.query.get("hub.challenge")! };
  }

  it("a stranger's unsubscribe does not cancel a subscriber's pending renewal", async () => {
    const topic = await categoryTopic();
    const path = `/renews-${unique("p")}`;
    const callback = sub.callback(path);
    expect((await subscribe(topic, callback, { "hub.lease_seconds": "3600" })).status).toBe(202);
    await runWebsubHub();
    const first = (await subscription(topic, callback))!;
    expect(first.leaseSeconds).toBe(3600);

    // The subscriber renews; before the hub verified it, a stranger asks to unsubscribe it.
    wants(path, "subscribe");
    expect((await subscribe(topic, callback, { "hub.lease_seconds": "86400" })).status).toBe(202);
    expect((await unsubscribe(topic, callback)).status).toBe(202);
    await runWebsubHub();

    const renewed = (await subscription(topic, callback))!;
    expect(renewed.leaseSeconds).toBe(86_400);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
    const rows = await db.websubVerification.findMany({ where: { topic, callback }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.mode, r.status])).toEqual([
      ["subscribe", "verified"],
      ["subscribe", "verified"],
      ["unsubscribe", "failed"],
    ]);
  });

  it("a stranger's subscribe does not cancel a subscriber's pending unsubscribe (nor plant its secret)", async () => {
    const topic = await categoryTopic();
    const path = `/leaves-${unique("p")}`;
    const callback = sub.callback(path);
    expect((await subscribe(topic, callback)).status).toBe(202);
    await runWebsubHub();
    wants(path, "unsubscribe");
    expect((await unsubscribe(topic, callback)).status).toBe(202);
    expect((await subscribe(topic, callback, { "hub.secret": "the stranger's" })).status).toBe(202);
    await runWebsubHub();
    expect(await subscription(topic, callback)).toBeNull();
  });

  it("of two confirmed requests for one pair the later request wins, whichever is settled first", async () => {
    const topic = await categoryTopic();
    const leaving = sub.callback(`/later-unsub-${unique("p")}`);
    const staying = sub.callback(`/later-sub-${unique("p")}`);
    expect((await subscribe(topic, leaving)).status).toBe(202);
    expect((await unsubscribe(topic, leaving)).status).toBe(202);
    await runWebsubHub();
    expect(await subscription(topic, leaving)).toBeNull();

    expect((await subscribe(topic, staying)).status).toBe(202);
    await runWebsubHub();
    expect((await unsubscribe(topic, staying)).status).toBe(202);
    expect((await subscribe(topic, staying, { "hub.lease_seconds": "7200" })).status).toBe(202);
    await runWebsubHub();
    expect(await subscription(topic, staying)).toMatchObject({ leaseSeconds: 7200 });
  });

  it("an unsubscribe tells nobody whether the callback is subscribed, and asks no callback that has nothing to end", async () => {
    const topic = await categoryTopic();
    const subscribed = sub.callback(`/probe-yes-${unique("p")}`);
    const stranger = sub.callback(`/probe-no-${unique("p")}`);
    await subscribe(topic, subscribed);
    await runWebsubHub();
    expect(await subscription(topic, subscribed)).not.toBeNull();

    sub.onVerify = () => ({ status: 404, body: "" });
    const answers = await Promise.all([unsubscribe(topic, subscribed), unsubscribe(topic, stranger)]);
    const [yes, no] = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: await r.text(), type: r.headers.get("content-type") })),
    );
    expect(yes).toEqual(no);
    expect(yes!.status).toBe(202);
    await runWebsubHub();
    expect(sub.verifications(new URL(subscribed).pathname).at(-1)!.query.get("hub.mode")).toBe("unsubscribe");
    expect(sub.verifications(new URL(stranger).pathname)).toEqual([]);
    expect(await subscription(topic, subscribed)).not.toBeNull();
  });
});

describe("WebSub under attack: the hub turned on a third party", () => {
  it("at most 10 verification requests a minute per callback domain, from any number of addresses; then 429 with Retry-After", async () => {
    const victim = `${unique("victim")}.example`;
    const topics = await Promise.all(Array.from({ length: 3 }, () => categoryTopic()));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await subscribe(topics[i % 3]!, `https://h${i}.${victim}/hook/${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(202));

    const over = await subscribe(topics[0]!, `https://other.${victim}:444/hook`);
    expect(over.status).toBe(429);
    const retry = Number(over.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // An unsubscribe is throttled alike (and says nothing about what it would end).
    expect((await unsubscribe(topics[1]!, `https://h1.${victim}/hook/1`)).status).toBe(429);
    expect(await db.websubVerification.count({ where: { callback: { contains: victim } } })).toBe(10);
    // Another target is not held up.
    expect((await subscribe(topics[0]!, `https://cb.${unique("fine")}.example/hook`)).status).toBe(202);
  });

  it("and at most 60 an hour", async () => {
    const victim = `${unique("hourly")}.example`;
    const hourly = getLimiter("websubVerifyTargetHourly");
    for (let i = 0; i < 60; i++) await hourly.limit(victim);
    const res = await subscribe(await categoryTopic(), `https://www.${victim}/hook`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.websubVerification.count({ where: { callback: { contains: victim } } })).toBe(0);
  });
});

describe("WebSub under attack: overlong callbacks", () => {
  it("a callback whose verification URL would pass the outbound limit is refused at once, with the reason", async () => {
    const topic = await categoryTopic();
    const added = (mode: "subscribe" | "unsubscribe") =>
      `&${new URLSearchParams({
        "hub.mode": mode,
        "hub.topic": topic,
        "hub.challenge": "c".repeat(64),
        ...(mode === "subscribe" ? { "hub.lease_seconds": String(LEASE_SECONDS.default) } : {}),
      }).toString()}`.length;
    const path = `/long-${unique("p")}`;
    /** A callback of exactly `length` characters, with a query of its own. */
    const callbackOf = (length: number) => {
      const head = `${sub.callback(path)}?pad=`;
      return `${head}${"a".repeat(length - head.length)}`;
    };
    const fits = MAX_OUTBOUND_URL_LENGTH - added("subscribe");
    expect(fits).toBeGreaterThan(1_700);

    // ~1,750 to 2,000 characters: over, depending on the topic's length.
    for (const length of [fits + 1, Math.ceil((fits + MAX_OUTBOUND_URL_LENGTH) / 2), MAX_OUTBOUND_URL_LENGTH]) {
      const res = await subscribe(topic, callbackOf(length));
      expect(res.status, String(length)).toBe(400);
      expect(await res.text()).toMatch(
        /^hub\.callback is too long: with the hub's verification query it would be \d+ characters \(at most 2000\)/,
      );
    }
    expect(await db.websubVerification.count({ where: { topic } })).toBe(0);

    // The longest that fits is taken, and its verification goes out and confirms.
    const longest = callbackOf(fits);
    expect((await subscribe(topic, longest)).status).toBe(202);
    await runWebsubHub();
    const [get] = sub.verifications(path);
    expect(get).toBeDefined();
    expect(await subscription(topic, longest)).not.toBeNull();
    // An unsubscribe adds no lease: it is measured by its own URL.
    expect((await unsubscribe(topic, callbackOf(MAX_OUTBOUND_URL_LENGTH - added("unsubscribe") + 1))).status).toBe(400);
  });
});

describe("WebSub under attack: a swarm of slow callback hosts", () => {
  it("keeps to 32 lanes (longest due first), half the database pool and the run's deadline; web requests still get a connection", async () => {
    const hosts = MAX_LANES + 8;
    const perHost = 3;
    // More senders than requests in flight: some must wait at the gate, and the deadline ends that wait.
    expect(MAX_LANES * perHost).toBeGreaterThan(MAX_IN_FLIGHT);
    const servers = await Promise.all(Array.from({ length: hosts }, () => startSubscriber()));
    const sampler = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await sampler.connect();
    try {
      for (const s of servers) s.onDelivery = () => ({ status: 204, delayMs: 4_000 });
      const topic = await categoryTopic();
      const now = Date.now();
      await planted(servers.flatMap((s) => Array.from({ length: perHost }, (_, j) => ({ topic, callback: s.callback(`/swarm-${j}`) }))));
      const subs = await db.websubSubscription.findMany({ where: { topic }, select: { id: true, callbackHost: true } });
      // Host i has been due for (hosts - i) minutes: the first ones are the longest waiting.
      const dueOf = new Map(servers.map((s, i) => [s.host, new Date(now - (hosts - i) * 60_000)]));
      await db.websubDelivery.createMany({
        data: subs.map((s) => ({ subscriptionId: s.id, callbackHost: s.callbackHost, nextAttemptAt: dueOf.get(s.callbackHost)! })),
      });

      // While the run works: how many of the pool's connections are busy, how long a web request waits.
      let sampling = true;
      let busiest = 0;
      let slowestWebQuery = 0;
      const sampled = (async () => {
        while (sampling) {
          const { rows } = await sampler.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'`,
          );
          busiest = Math.max(busiest, rows[0]!.n);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      const web = (async () => {
        while (sampling) {
          const t = performance.now();
          await db.$queryRaw`SELECT 1`;
          slowestWebQuery = Math.max(slowestWebQuery, performance.now() - t);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();

      const budgetMs = 2_000;
      const t0 = performance.now();
      await runWebsubHub({ budgetMs });
      const took = performance.now() - t0;
      sampling = false;
      await Promise.all([sampled, web]);

      const served = servers.map((s) => s.deliveries().length);
      const arrivals = servers.flatMap((s) => s.deliveries().map((r) => r.at - t0));
      // Longest due first, 32 lanes: the 8 hosts due last got nothing in this run.
      expect(served.slice(MAX_LANES)).toEqual(Array(hosts - MAX_LANES).fill(0));
      expect(served.filter((n) => n > 0).length).toBeLessThanOrEqual(MAX_LANES);
      // At most MAX_IN_FLIGHT sent; whoever was still waiting at the deadline gave up.
      expect(arrivals.length).toBeGreaterThan(0);
      expect(arrivals.length).toBeLessThanOrEqual(MAX_IN_FLIGHT);
      expect(Math.max(...arrivals)).toBeLessThan(budgetMs + 1_000);
      expect(took).toBeLessThan(budgetMs + 4_000 + 2_000);
      // Half the pool for the distributor, one more for the web request being sampled.
      expect(busiest).toBeLessThanOrEqual(Math.floor(getConfig().database.poolSize / 2) + 1);
      expect(slowestWebQuery).toBeLessThan(500);
      console.log(
        `websub swarm: ${arrivals.length} sent, busiest ${busiest} connections, slowest web query ${slowestWebQuery.toFixed(0)} ms`,
      );

      // What was left waits for the next run, the longest due first: the 8 hosts that found no lane now do.
      for (const s of servers) s.onDelivery = () => ({ status: 204 });
      await runWebsubHub();
      expect(servers.slice(MAX_LANES).every((s) => s.deliveries().length === perHost)).toBe(true);
    } finally {
      await sampler.end();
      await db.websubSubscription.deleteMany({ where: { callback: { contains: "/swarm-" } } });
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});
