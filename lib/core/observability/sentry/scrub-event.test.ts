import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Event } from "@sentry/nextjs";
import { setLimits } from "@/tests/limits";
import { scrubBreadcrumb, scrubEvent } from "./scrub-event";
import { scrubText } from "@/lib/core/observability/scrub-text";

// The privacy filter written against as an attacker would: every field an event can carry gets
// an e-mail address, a token, a client address and a URL with a query string, and none of them
// may survive, while the ids the tracker needs stay as they were.

const b64url = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((a) => Buffer.from(a).toString("base64url"));
const alnum = (n: number) =>
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), minLength: n, maxLength: n });
const secret = fc.oneof(
  b64url(32).map((t) => `pd_${t}`), // API token
  b64url(32), // session id, login-link and magic-link tokens
  alnum(24).map((k) => `sk_live_${k}`),
  alnum(24).map((k) => `rk_test_${k}`),
  b64url(32).map((k) => `whsec_${k}`),
  alnum(24).map((k) => `pi_3Nx${k}_secret_${k}`),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((a) => Buffer.from(a).toString("hex")),
  b64url(48).map((p) => `eyJhbGciOiJIUzI1NiJ9.${p}.${p.slice(0, 20)}`),
);
const address = fc.oneof(
  fc.ipV4(),
  fc.ipV6().filter((a) => a !== "::"),
);
const query = fc
  .tuple(fc.webUrl(), fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[A-Za-z0-9]{3,12}$/))
  .map(([u, k, v]) => ({ url: `${u.replace(/[?#].*$/, "")}?${k}=${v}`, query: `${k}=${v}` }));
// Addresses in other scripts, and any address percent-encoded as a path or form body carries it.
const letter = fc.constantFrom(..."abcxyzäöüßéèøñçłšžåæœαβγдежкмнпрстщюя東京山田".split(""));
const word = fc.array(letter, { minLength: 2, maxLength: 8 }).map((a) => a.join(""));
const unicodeEmail = fc
  .tuple(word, fc.constantFrom(".", "_", "-", "+"), word, word, fc.constantFrom("de", "com", "рф", "中国", "xn--p1ai"))
  .map(([a, sep, b, host, tld]) => `${a}${sep}${b}@${host}.${tld}`);
const anyEmail = fc.oneof(fc.emailAddress(), unicodeEmail);
const email = fc.oneof(
  anyEmail,
  anyEmail.map((e) => encodeURIComponent(e)),
  anyEmail.map((e) => e.replace("@", "%40")),
);
const hostile = fc.record({ email, token: secret, ip: address, link: query });

type Hostile = { email: string; token: string; ip: string; link: { url: string; query: string } };

const TRACE_ID = randomBytes(16).toString("hex");
const SPAN_ID = randomBytes(8).toString("hex");
const EVENT_ID = randomBytes(16).toString("hex");

function hostileEvent(h: Hostile): Event {
  const text = `Werk eröffnet: ${h.email} sent ${h.token} from ${h.ip} via ${h.link.url}`;
  return {
    event_id: EVENT_ID,
    release: "2026.11.1",
    message: text,
    transaction: `GET ${new URL(h.link.url).pathname}?${h.link.query}`,
    user: { id: "7", email: h.email, ip_address: h.ip, username: h.email },
    request: {
      url: h.link.url,
      query_string: h.link.query,
      cookies: { "next-auth.session-token": h.token },
      headers: {
        cookie: `pd_session=${h.token}`,
        "set-cookie": `a=${h.token}`,
        authorization: `Bearer ${h.token}`,
        "x-forwarded-for": h.ip,
        referer: h.link.url,
        "user-agent": "Mozilla/5.0",
      },
      env: { REMOTE_ADDR: h.ip },
      data: { email: h.email, password: h.token },
    },
    exception: {
      values: [
        {
          type: "Error",
          value: text,
          stacktrace: {
            frames: [
              {
                filename: "/srv/app/lib/x.js",
                function: "handle",
                context_line: `const to = "${h.email}";`,
                pre_context: [`fetch("${h.link.url}")`],
                vars: { token: h.token, peer: h.ip },
              },
            ],
          },
          mechanism: { type: "generic", handled: true, data: { url: h.link.url } },
        },
      ],
    },
    breadcrumbs: [
      { category: "http", data: { url: h.link.url, method: "GET", status_code: 200 } },
      { category: "navigation", data: { from: h.link.url, to: h.link.url } },
      { category: "console", message: text },
    ],
    spans: [
      {
        span_id: SPAN_ID,
        trace_id: TRACE_ID,
        description: `GET ${h.link.url}`,
        data: {
          "url.full": h.link.url,
          "http.query": `?${h.link.query}`,
          "url.query": h.link.query,
          "client.address": h.ip,
          "net.peer.ip": h.ip,
          "http.target": `/x?${h.link.query}`,
        },
        start_timestamp: 1,
        timestamp: 2,
      },
    ],
    contexts: { trace: { trace_id: TRACE_ID, span_id: SPAN_ID }, login: { note: text, [h.ip]: "seen" } },
    tags: { client: h.ip, mail: h.email, requestId: "0b6e1a9c-5f7d-4c1e-9f0a-2d3c4b5a6e7f" },
    extra: { nested: { deep: [text, { ip: h.ip, session_id: h.token, list: [h.email, h.link.url] }] } },
  } as Event;
}

function assertClean(json: string, h: Hostile): void {
  for (const value of [h.email, h.token, h.ip, h.link.query]) expect(json, `"${value}" survived`).not.toContain(value);
  expect(json).not.toMatch(/https?:\/\/[^\s"?]*\?/);
}

describe("scrubEvent", () => {
  it("leaves no e-mail address, token, client address, cookie or query string in any field", () => {
    fc.assert(
      fc.property(hostile, (h) => {
        const json = JSON.stringify(scrubEvent(hostileEvent(h)));
        assertClean(json, h);
        for (const header of [
          "cookie",
          "set-cookie",
          "authorization",
          "x-forwarded-for",
          "query_string",
          "ip_address",
          "cookies",
          "REMOTE_ADDR",
        ])
          expect(json).not.toContain(`"${header}"`);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps what the tracker needs: ids, the release, the request id, the route and the error's wording", () => {
    const event = scrubEvent(
      hostileEvent({
        email: "presse@firma.de",
        token: "pd_" + "a1".repeat(22),
        ip: "203.0.113.9",
        link: { url: "https://hub.example.de/login?next=%2Fdashboard", query: "next=%2Fdashboard" },
      }),
    );
    expect(event).toMatchObject({
      event_id: EVENT_ID,
      release: "2026.11.1",
      transaction: "GET /login",
      contexts: { trace: { trace_id: TRACE_ID, span_id: SPAN_ID } },
      tags: { requestId: "0b6e1a9c-5f7d-4c1e-9f0a-2d3c4b5a6e7f" },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: "https://hub.example.de/login",
      headers: { referer: "https://hub.example.de/login", "user-agent": "Mozilla/5.0" },
    });
    expect(event.exception?.values?.[0]?.value).toBe("Werk eröffnet: [email] sent [token] from [ip] via https://hub.example.de/login");
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.[0]).toMatchObject({
      filename: "/srv/app/lib/x.js",
      function: "handle",
      vars: {},
    });
  });
});

describe("scrubBreadcrumb", () => {
  it("strips query strings from http and navigation breadcrumbs and masks their messages", () => {
    fc.assert(
      fc.property(hostile, (h) => {
        const crumbs = hostileEvent(h).breadcrumbs!.map((b) => scrubBreadcrumb(b));
        assertClean(JSON.stringify(crumbs), h);
      }),
      { numRuns: 200 },
    );
  });

  it("never changes what it was given: a console breadcrumb's arguments are what the console prints", () => {
    const args = ["ready on http://127.0.0.1:3100", { to: "presse@firma.de" }];
    const crumb = { category: "console", message: args.join(" "), data: { arguments: args } };
    expect(scrubBreadcrumb(crumb).data).toEqual({ arguments: ["ready on http://[ip]:3100", { to: "[email]" }] });
    expect(args).toEqual(["ready on http://127.0.0.1:3100", { to: "presse@firma.de" }]);
  });
});

describe("scrubText", () => {
  it("masks addresses in any script and percent-encoded ones", () => {
    expect(scrubText("Zustellung an jürgen.müller@bücher.de fehlgeschlagen")).toBe("Zustellung an [email] fehlgeschlagen");
    expect(scrubText("GET /u/foo%40example.com/releases")).toBe("GET [email]/releases");
    expect(scrubText("email=max%40firma.de&plan=pro")).toBe("[email]&plan=pro");
    expect(scrubText("an j%C3%BCrgen%40b%C3%BCcher.de")).toBe("an [email]");
    expect(scrubText("пётр@почта.рф")).toBe("[email]");
  });

  it("masks secrets named in key-value text and JSON, keeping the quotes", () => {
    expect(scrubText("login failed, password: hunter2, retry")).toBe("login failed, password: [filtered], retry");
    expect(scrubText('body {"email":"a@b.de","password":"hunter2 x"} refused')).toBe(
      'body {"email":"[email]","password":"[filtered]"} refused',
    );
    expect(scrubText('payload {\\"client_secret\\":\\"abc\\"}')).toBe('payload {\\"client_secret\\":\\"[filtered]\\"}');
    expect(scrubText("api_key: 'k-123' and privateKey:x1")).toBe("api_key: '[filtered]' and privateKey:[filtered]");
    expect(scrubText("-----BEGIN PRIVATE KEY-----\\nMIIEv\\n-----END PRIVATE KEY-----")).toBe("[filtered]");
  });

  it("masks credentials in header strings and log lines", () => {
    expect(scrubText("Cookie: next-auth.session-token=abc; theme=dark")).toBe("Cookie: next-auth.session-token=[filtered]; theme=dark");
    expect(scrubText("Authorization: Basic dXNlcjpwYXNz")).toBe("Authorization: Basic [token]");
    expect(scrubText("connect ECONNREFUSED 10.0.0.12:5432")).toBe("connect ECONNREFUSED [ip]:5432");
    expect(scrubText("fe80::1%eth0 and [2001:db8::7]:443")).toBe("[ip]%eth0 and [[ip]]:443");
    expect(scrubText("redis://default:s3cret@cache.internal:6379/0")).toBe("redis://[filtered]@cache.internal:6379/0");
  });

  // The attacker sends text built to make the patterns scan ahead from every position.
  it("stays fast on hostile long text and cuts it at a word boundary", () => {
    const started = performance.now();
    for (const text of [
      "/".repeat(8_000) + "?q=1",
      "%40".repeat(2_700),
      "a".repeat(4_000) + "@" + "b-".repeat(2_000),
      "x".repeat(1_000_000),
    ])
      expect(scrubText(text).length).toBeLessThanOrEqual(8_192 + 8);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(scrubText(`${"wort ".repeat(2_000)}presse@firma.de`).endsWith("wort …[cut]")).toBe(true);
  });

  it("leaves ordinary text, versions, times and UUIDs alone", () => {
    for (const text of [
      "Die Pressemitteilung wurde veröffentlicht.",
      "next 16.4.6 on node v20.20.2",
      "12:30:45",
      "0b6e1a9c-5f7d-4c1e-9f0a-2d3c4b5a6e7f",
      "GET /api/v1/releases/:id",
      "Prisma::Client",
    ])
      expect(scrubText(text)).toBe(text);
  });
});

// The attacker reads the tracker: the service's own configured secrets must never reach it, even
// those too short or too plain for any pattern (a Slack-style push URL's key, a health token).
describe("configured secrets", () => {
  const hook = "https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx";
  const env = {
    ALERT_PUSH_URL: hook,
    HEALTH_TOKEN: "opsHealthWatch",
    INDEXNOW_KEY: "indexnowkeyvalue",
    RESEND_WEBHOOK_SECRET: "plainwebhooksecret",
  };

  it("masks each configured secret word for word wherever it appears, before any other pattern", () => {
    setLimits(env);
    try {
      const crumb = scrubBreadcrumb({ category: "http", type: "http", data: { url: hook, method: "POST", status_code: 200 } });
      expect(crumb.data).toEqual({ url: "https://hooks.slack.com/[filtered]", method: "POST", status_code: 200 });
      const event = scrubEvent({
        message: `push to ${hook}?x=1 failed`,
        spans: [
          {
            span_id: SPAN_ID,
            trace_id: TRACE_ID,
            description: `POST ${hook}`,
            data: { "url.path": new URL(hook).pathname },
            start_timestamp: 1,
            timestamp: 2,
          },
        ],
        extra: { probe: "curl -H 'authorization: opsHealthWatch' /health; key indexnowkeyvalue; sig plainwebhooksecret" },
      } as Event);
      const json = JSON.stringify(event);
      for (const value of ["abcdefghijklmnopqrstuvwx", "B02GHIJKL", ...Object.values(env).slice(1)])
        expect(json, `"${value}" survived`).not.toContain(value);
      expect(event.message).toBe("push to https://hooks.slack.com/[filtered] failed");
    } finally {
      setLimits(Object.fromEntries(Object.keys(env).map((k) => [k, undefined])));
    }
  });
});
