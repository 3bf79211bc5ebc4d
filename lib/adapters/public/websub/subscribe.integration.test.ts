import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { getSiteHosts } from "@/lib/domains/sites";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { hubRequest, startSubscriber, type Subscriber } from "@/tests/websub-fixtures";
import { runWebsubHub } from "./run-hub";
import { LEASE_SECONDS, SUBSCRIPTION_LIMITS } from "./settings";
import { openSecret } from "@/lib/core/security/sealed-secret";
import { SECRET_LABEL, secretContext, subscriptionCounts } from "./subscription-request";
import { parseTopicUrl, topicUrl, websubHubUrl } from "./topics";

// The hub's door and its intent verification (WebSub 5.1, 5.3): what is refused at once with 400
// (never a 5xx), what is accepted with 202 and verified with the callback, and what a verification
// that fails leaves (nothing).

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
afterEach(() => {
  sub.onVerify = (r) => ({ status: 200, body: r.query.get("hub.challenge") ?? "" });
});

const HOUR = 3_600_000;

async function categoryTopic(format: "rss" | "json" = "rss") {
  const category = await db.category.create({ data: { portal: "business", slug: unique("ws"), nameDe: "Kategorie", nameEn: "Category" } });
  return topicUrl({ kind: "category", portal: "business", edition: "de", slug: category.slug, format });
}

const subscription = (topic: string, callback: string) =>
  db.websubSubscription.findUnique({ where: { topic_callback: { topic, callback } } });

describe("WebSub: subscribing", () => {
  it("verifies the intent with a random challenge; the subscription starts only with the exact echo", async () => {
    const topic = await categoryTopic();
    const callback = sub.callback(`/ok-${unique("p")}`);
    const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback });
    expect(res.status).toBe(202);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    // Accepted, not yet active: verification is the distributor's work.
    expect(await subscription(topic, callback)).toBeNull();

    await runWebsubHub();
    const [get] = sub.verifications(new URL(callback).pathname);
    expect(get!.query.get("hub.mode")).toBe("subscribe");
    expect(get!.query.get("hub.topic")).toBe(topic);
    expect(get!.query.get("hub.lease_seconds")).toBe(String(LEASE_SECONDS.default));
    // At least 128 bits of randomness.
    expect(get!.query.get("hub.challenge")).toMatch(/^[0-9a-f]{32,}$/);
    const active = await subscription(topic, callback);
    expect(active).toMatchObject({ leaseSeconds: 864_000, secretSealed: null });
    expect(active!.expiresAt.getTime() - active!.verifiedAt.getTime()).toBe(864_000_000);

    // A second challenge is another one.
    await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback });
    await runWebsubHub();
    const challenges = sub.verifications(new URL(callback).pathname).map((r) => r.query.get("hub.challenge"));
    expect(new Set(challenges).size).toBe(2);
  });

  it("a wrong echo, an error status or a dead callback activates nothing", async () => {
    const topic = await categoryTopic();
    const answers: Record<string, (challenge: string) => { status: number; body?: string }> = {
      "/wrong": () => ({ status: 200, body: "not the challenge" }),
      "/padded": (c) => ({ status: 200, body: `${c}\n` }),
      "/not-found": (c) => ({ status: 404, body: c }),
      "/redirect": (c) => ({ status: 302, body: c }),
    };
    sub.onVerify = (r) => (answers[r.path] ?? ((c) => ({ status: 200, body: c })))(r.query.get("hub.challenge") ?? "");
    const callbacks = [...Object.keys(answers).map((p) => sub.callback(p)), "http://127.0.0.1:1/closed"];
    for (const callback of callbacks)
      expect((await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback })).status).toBe(202);
    await runWebsubHub();
    expect(await db.websubSubscription.count({ where: { topic } })).toBe(0);
    const rows = await db.websubVerification.findMany({ where: { topic }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(callbacks.map(() => "failed"));
    expect(rows.map((r) => r.reason)).toEqual([
      "the answer is not the challenge",
      "the answer is not the challenge",
      "HTTP 404",
      "HTTP 302",
      expect.stringMatching(/^failed: network/),
    ]);
  });

  it("holds the lease to [1 hour, 30 days]; a re-subscribe replaces lease and secret after its verification", async () => {
    const topic = await categoryTopic("json");
    const callback = sub.callback(`/lease-${unique("p")}`);
    await hubRequest({
      "hub.mode": "subscribe",
      "hub.topic": topic,
      "hub.callback": callback,
      "hub.lease_seconds": "60",
      "hub.secret": "first",
    });
    await runWebsubHub();
    const first = (await subscription(topic, callback))!;
    expect(first.leaseSeconds).toBe(LEASE_SECONDS.min);
    expect(openSecret(SECRET_LABEL, first.secretSealed!, secretContext(topic, callback))).toBe("first");
    // The secret is stored sealed, and bound to its topic and callback.
    expect(first.secretSealed).not.toContain("first");
    expect(() => openSecret(SECRET_LABEL, first.secretSealed!, secretContext(topic, `${callback}x`))).toThrow();

    // A re-subscribe whose verification fails changes nothing.
    sub.onVerify = () => ({ status: 200, body: "no" });
    await hubRequest({
      "hub.mode": "subscribe",
      "hub.topic": topic,
      "hub.callback": callback,
      "hub.lease_seconds": "7200",
      "hub.secret": "x",
    });
    await runWebsubHub();
    expect(await subscription(topic, callback)).toMatchObject({ leaseSeconds: LEASE_SECONDS.min, secretSealed: first.secretSealed });

    sub.onVerify = (r) => ({ status: 200, body: r.query.get("hub.challenge")! });
    await hubRequest({
      "hub.mode": "subscribe",
      "hub.topic": topic,
      "hub.callback": callback,
      "hub.lease_seconds": "999999999",
      "hub.secret": "second",
    });
    await runWebsubHub();
    const renewed = (await subscription(topic, callback))!;
    expect(renewed.id).toBe(first.id);
    expect(renewed.leaseSeconds).toBe(LEASE_SECONDS.max);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
    expect(openSecret(SECRET_LABEL, renewed.secretSealed!, secretContext(topic, callback))).toBe("second");
    expect(sub.verifications(new URL(callback).pathname).at(-1)!.query.get("hub.lease_seconds")).toBe(String(LEASE_SECONDS.max));
  });

  it("an unsubscribe is verified before the subscription ends; a failed one leaves it", async () => {
    const topic = await categoryTopic();
    const callback = sub.callback(`/unsub-${unique("p")}`);
    await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback });
    await runWebsubHub();
    expect(await subscription(topic, callback)).not.toBeNull();

    sub.onVerify = (r) => ({ status: 200, body: r.query.get("hub.mode") === "unsubscribe" ? "nope" : r.query.get("hub.challenge")! });
    expect((await hubRequest({ "hub.mode": "unsubscribe", "hub.topic": topic, "hub.callback": callback })).status).toBe(202);
    await runWebsubHub();
    expect(await subscription(topic, callback)).not.toBeNull();

    sub.onVerify = (r) => ({ status: 200, body: r.query.get("hub.challenge")! });
    expect((await hubRequest({ "hub.mode": "unsubscribe", "hub.topic": topic, "hub.callback": callback })).status).toBe(202);
    await runWebsubHub();
    const last = sub.verifications(new URL(callback).pathname).at(-1)!;
    expect(last.query.get("hub.mode")).toBe("unsubscribe");
    expect(last.query.has("hub.lease_seconds")).toBe(false);
    expect(await subscription(topic, callback)).toBeNull();

    // Nothing left to end: answered as any other (whether a callback is subscribed is nobody's
    // business), and the callback is not asked.
    const asked = sub.verifications(new URL(callback).pathname).length;
    expect((await hubRequest({ "hub.mode": "unsubscribe", "hub.topic": topic, "hub.callback": callback })).status).toBe(202);
    await runWebsubHub();
    expect(sub.verifications(new URL(callback).pathname)).toHaveLength(asked);
  });

  it("topics are the portals' feeds that exist: every kind in both formats, never the hub's or a foreign host's", async () => {
    const hosts = getSiteHosts();
    const company = await seedCompany({ portal: "tech" });
    await seedRelease({
      companyId: company.id,
      portal: "tech",
      language: "en",
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
    });
    const category = await db.category.create({ data: { portal: "tech", slug: unique("tc"), nameDe: "K", nameEn: "C" } });
    const tech = `${hosts.protocol}://${hosts.tech}`;
    const feeds = [
      `${tech}/en/feed`,
      `${tech}/de/feed.json`,
      `${tech}/en/corrections/feed`,
      `${tech}/de/corrections/feed.json`,
      `${tech}/en/category/${category.slug}/feed`,
      `${tech}/en/newsroom/${company.slug}/feed.json`,
    ];
    for (const topic of feeds) {
      expect(parseTopicUrl(topic), topic).not.toBeNull();
      expect(topicUrl(parseTopicUrl(topic)!)).toBe(topic);
      const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback(`/kinds-${unique("k")}`) });
      expect(res.status, topic).toBe(202);
    }
    const refused = [
      `${hosts.protocol}://${hosts.hub}/en/feed`,
      `https://evil.example/en/feed`,
      `${tech}/en/feed?portal=business`,
      `${tech}/en/feed#x`,
      `${tech}/fr/feed`,
      `${tech}/en/category/no-such-${unique("c")}/feed`,
      `${tech}/en/category/${category.slug}/feed/extra`,
      // Another portal's category, a newsroom without a visible release in that edition.
      `${hosts.protocol}://${hosts.business}/en/category/${category.slug}/feed`,
      `${tech}/de/newsroom/${company.slug}/feed`,
      `${tech}/en/pressemitteilung/x`,
      `${tech}/en/feed.xml`,
      `ftp://${hosts.tech}/en/feed`,
      `http://user:pw@${hosts.tech}/en/feed`,
    ];
    for (const topic of refused) {
      const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/kinds") });
      expect(res.status, topic).toBe(400);
      expect(await res.text()).toMatch(/hub\.topic/);
    }
  });

  it("hostile and malformed requests get 400 with a short reason, never a 5xx", async () => {
    const topic = await categoryTopic();
    const ok = { "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/hostile") };
    const long = "x".repeat(5_000);
    const cases: [string, Record<string, string> | string, string?][] = [
      ["empty body", ""],
      ["no mode", { "hub.topic": topic, "hub.callback": ok["hub.callback"] }],
      ["bad mode", { ...ok, "hub.mode": "publish" }],
      ["no topic", { "hub.mode": "subscribe", "hub.callback": ok["hub.callback"] }],
      ["no callback", { "hub.mode": "subscribe", "hub.topic": topic }],
      ["overlong topic", { ...ok, "hub.topic": `${topic}${long}` }],
      ["overlong callback", { ...ok, "hub.callback": `${ok["hub.callback"]}?${long}` }],
      ["overlong secret", { ...ok, "hub.secret": "s".repeat(201) }],
      ["multibyte secret over 200 bytes", { ...ok, "hub.secret": "ä".repeat(101) }],
      ["lease not a number", { ...ok, "hub.lease_seconds": "ten days" }],
      ["negative lease", { ...ok, "hub.lease_seconds": "-5" }],
      ["callback not a URL", { ...ok, "hub.callback": "not a url" }],
      ["callback scheme", { ...ok, "hub.callback": "javascript:alert(1)" }],
      ["callback ftp", { ...ok, "hub.callback": "ftp://example.com/x" }],
      ["callback credentials", { ...ok, "hub.callback": "https://u:p@example.com/x" }],
      ["callback plain http", { ...ok, "hub.callback": "http://example.com/x" }],
      ["callback fragment", { ...ok, "hub.callback": `${ok["hub.callback"]}#frag` }],
      ["NUL in a field", { ...ok, "hub.topic": `${topic}\u0000` }],
      ["field twice", `${new URLSearchParams(ok).toString()}&hub.mode=unsubscribe`],
      ["broken percent-encoding", "hub.mode=subscribe&hub.topic=%E0%A4%A&hub.callback=%"],
      ["body over 16 KiB", { ...ok, filler: "f".repeat(20_000) }],
      ["JSON", JSON.stringify(ok), "application/json"],
      ["multipart", "--b\r\ncontent-disposition: form-data; name=hub.mode\r\n\r\nsubscribe\r\n--b--", "multipart/form-data; boundary=b"],
      ["no content type", new URLSearchParams(ok).toString(), ""],
      ["text/plain", new URLSearchParams(ok).toString(), "text/plain"],
    ];
    for (const [name, body, contentType] of cases) {
      const res = await hubRequest(body, contentType === undefined ? {} : { contentType });
      expect(res.status, name).toBe(400);
      const text = await res.text();
      expect(text.length, name).toBeLessThan(200);
      expect(text, name).not.toContain(long);
    }
    // None of them left a request to verify.
    expect(await db.websubVerification.count({ where: { topic } })).toBe(0);
  });

  it("a callback on a private address is refused; loopback only where allowed", async () => {
    const topic = await categoryTopic();
    for (const callback of ["https://10.0.0.7/cb", "https://192.168.1.1/cb", "https://[::ffff:169.254.169.254]/", "https://100.64.0.1/"]) {
      const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback });
      expect(res.status, callback).toBe(400);
    }
    process.env.OUTBOUND_ALLOW_LOCALHOST = "false";
    resetConfigForTests();
    try {
      for (const callback of [sub.callback("/private"), "http://localhost:9/cb", "https://[::1]/cb", "https://0x7f.1/cb"]) {
        const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback });
        expect(res.status, callback).toBe(400);
        expect(await res.text()).toMatch(/hub\.callback is refused/);
      }
      // A request accepted while loopback was allowed is still refused when it is verified now.
      process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
      resetConfigForTests();
      await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/late") });
      process.env.OUTBOUND_ALLOW_LOCALHOST = "false";
      resetConfigForTests();
      await runWebsubHub();
      expect(sub.verifications("/late")).toEqual([]);
      expect(await db.websubVerification.findFirst({ where: { topic, callback: sub.callback("/late") } })).toMatchObject({
        status: "failed",
        reason: expect.stringMatching(/^refused/),
      });
    } finally {
      process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
      resetConfigForTests();
    }
  });

  it("a secret needs a secure callback, except a loopback one where loopback is allowed", async () => {
    const topic = await categoryTopic();
    const res = await hubRequest({
      "hub.mode": "subscribe",
      "hub.topic": topic,
      "hub.callback": sub.callback("/secret"),
      "hub.secret": "s3cret",
    });
    expect(res.status).toBe(202);
  });

  it("at most 1,000 subscriptions per topic and 100 per callback host, refused before any verification", async () => {
    const topic = await categoryTopic();
    const now = Date.now();
    const row = (i: number, t: string, host: string) => ({
      topic: t,
      callback: `https://${host}/cb/${i}`,
      callbackHost: host,
      leaseSeconds: 3600,
      verifiedAt: new Date(now),
      expiresAt: new Date(now + HOUR),
    });
    await db.websubSubscription.createMany({
      data: Array.from({ length: SUBSCRIPTION_LIMITS.perTopic }, (_, i) => row(i, topic, `s${i}.${unique("h")}.example`)),
    });
    const full = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/one-more") });
    expect(full.status).toBe(429);
    expect(await full.text()).toMatch(/topic has the most subscriptions/);
    // Renewing one of the thousand is no new one.
    const existing = (await db.websubSubscription.findFirst({ where: { topic } }))!;
    await db.websubSubscription.update({
      where: { id: existing.id },
      data: { callback: sub.callback("/renewing"), callbackHost: sub.host },
    });
    expect((await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/renewing") })).status).toBe(202);
    // An expired subscription no longer counts.
    await db.websubSubscription.updateMany({
      where: { topic, callback: { contains: "/cb/7" } },
      data: { expiresAt: new Date(now - 1000) },
    });
    expect((await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/after-expiry") })).status).toBe(
      202,
    );

    const host = `${unique("cb")}.example`;
    const other = await categoryTopic();
    await db.websubSubscription.createMany({
      data: Array.from({ length: SUBSCRIPTION_LIMITS.perCallbackHost }, (_, i) => row(i, `${other}-${i}`, host)),
    });
    const hostFull = await hubRequest({ "hub.mode": "subscribe", "hub.topic": other, "hub.callback": `https://${host}/new` });
    expect(hostFull.status).toBe(429);
    expect(await hostFull.text()).toMatch(/callback host has the most subscriptions/);
    expect(await db.websubVerification.count({ where: { callbackHost: host } })).toBe(0);
  });

  it("requests waiting for their verification count against the limits too", async () => {
    const host = sub.host;
    const topic = await categoryTopic();
    const taken = (await subscriptionCounts(db, { topic, callback: sub.callback("/over"), callbackHost: host })).host;
    await db.websubVerification.createMany({
      data: Array.from({ length: Math.max(0, SUBSCRIPTION_LIMITS.perCallbackHost - taken) }, (_, i) => ({
        mode: "subscribe" as const,
        topic: `${topic}-${i}`,
        callback: `http://${host}/pending/${i}`,
        callbackHost: host,
        leaseSeconds: 3600,
        // Claimed by nobody's run for now: they only count.
        claimedUntil: new Date(Date.now() + HOUR),
      })),
    });
    try {
      const res = await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback("/over") });
      expect(res.status).toBe(429);
    } finally {
      await db.websubVerification.deleteMany({ where: { callback: { startsWith: `http://${host}/pending/` } } });
    }
  });

  it("a request accepted before its topic filled up is denied (hub.mode=denied), not verified", async () => {
    const topic = await categoryTopic();
    const path = `/denied-${unique("d")}`;
    expect((await hubRequest({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": sub.callback(path) })).status).toBe(202);
    await db.websubSubscription.createMany({
      data: Array.from({ length: SUBSCRIPTION_LIMITS.perTopic }, (_, i) => ({
        topic,
        callback: `https://d${i}.example/cb`,
        callbackHost: `d${i}.example`,
        leaseSeconds: 3600,
        verifiedAt: new Date(),
        expiresAt: new Date(Date.now() + HOUR),
      })),
    });
    await runWebsubHub();
    const [denied, ...more] = sub.verifications(path);
    expect(more).toEqual([]);
    expect(denied!.query.get("hub.mode")).toBe("denied");
    expect(denied!.query.get("hub.topic")).toBe(topic);
    expect(denied!.query.get("hub.reason")).toMatch(/most subscriptions/);
    expect(denied!.query.has("hub.challenge")).toBe(false);
    expect(await subscription(topic, sub.callback(path))).toBeNull();
  });

  it("throttles requests per client address", async () => {
    const ip = "198.51.100.77";
    // 60 a minute (a fixed window: the test may straddle its end once).
    let passed = 0;
    let refused: Response | null = null;
    for (let i = 0; i < 121 && !refused; i++) {
      const res = await hubRequest("hub.mode=nothing", { ip });
      if (res.status === 429) refused = res;
      else passed++;
    }
    expect(refused).not.toBeNull();
    expect(passed).toBeGreaterThanOrEqual(60);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("the hub's address is on the hub host", () => {
    const hosts = getSiteHosts();
    expect(websubHubUrl()).toBe(`${hosts.protocol}://${hosts.hub}/websub`);
  });
});
