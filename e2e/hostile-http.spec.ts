import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { expect } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { HUB, signIn, test } from "./auth-support";
import { getAs } from "./host-request";

// Whatever a client puts into a path, a query or a body of any route, the built server answers
// 2xx, 3xx or a 4xx: never a 5xx, never a stack trace. Malformed percent-encoding answers 400,
// as JSON on API paths and as a small page elsewhere. (The API operations are fuzzed through
// their handlers in tests/api-fuzz.integration.test.ts; this walks every other door.)

const MALFORMED = ["%F2%88%88", "%ED%A0%80", "%", "%E0%A4%A"];
const ODD = [
  "%00",
  "x%00y",
  "99999999999",
  "2147483648",
  "-1",
  "0",
  "a".repeat(300),
  "%2F",
  "%25",
  "%C3%BC",
  "%F0%9F%98%80",
  "..%2F..%2Fetc",
];

const PORTAL_PATHS = [
  "/{}",
  "/de/{}",
  "/de/pressemitteilung/{}",
  "/en/press-release/{}",
  "/de/newsroom/{}",
  "/de/newsroom/{}/feed",
  "/de/category/{}",
  "/de/category/{}/feed",
  "/de/category/{}/archiv",
  "/de/category/energie/archiv/{}",
  "/view/{}",
  "/en/view/{}",
  "/seen/{}",
  "/media/{}",
  "/media/logos/{}/{}.webp",
  "/sitemaps/{}",
  "/sitemaps/releases-{}.xml",
];
const HUB_PATHS = [
  "/{}",
  "/login/link/{}",
  "/account/email/confirm/{}",
  "/dashboard/releases/{}",
  "/docs/{}",
  "/api/v1/releases/{}",
  "/service/pressreleases/{}",
  "/service/pressreleases/{}/images",
  "/api/{}",
  "/api/auth/{}",
  "/dev/mailbox/{}",
  "/newsletter/confirm/{}",
  "/newsletter/en/confirm/{}",
  "/login/reset/{}",
  "/invitation/{}",
  "/media/{}",
  "/dashboard/newsrooms/{}",
  "/checkout/local/{}",
  "/dashboard/billing/invoices/{}/pdf",
  "/admin/payments/invoices/{}/pdf",
  "/dashboard/releases/{}/change",
];
const QUERIES = [
  "/de?page={}",
  "/de/category/energie/archiv?page={}",
  "/de/feed?x={}",
  "/sitemap.xml?{}",
  "/de/newsroom/nordlicht-energie?src={}&pr={}",
  "/de/newsroom?q={}&letter={}&page={}",
  "/en/newsroom?letter={}",
];
const HUB_QUERIES = [
  "/login?error={}&notice={}",
  "/register?email={}",
  "/?q={}",
  "/dev/mailbox?to={}&page={}",
  "/unsubscribe?t={}",
  "/api/unsubscribe?t={}",
  "/newsletter?src={}&pr={}",
  "/checkout/local/portal?return={}",
  "/dashboard/billing/thanks?purpose={}&session={}",
  "/dashboard/billing?checkout={}",
  "/admin/payments?status={}&q={}&page={}",
];

const fill = (template: string, value: string) => template.replaceAll("{}", value);

async function expectNo5xx(host: string, path: string, opts: Parameters<typeof getAs>[2] = {}) {
  const res = await getAs(host, path, opts);
  expect(res.status, `${opts.method ?? "GET"} ${host}${path.slice(0, 120)} → ${res.status} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body, `${host}${path.slice(0, 120)} shows internals`).not.toMatch(/PrismaClient|invocation|DriverAdapter|at [\w.]+ \(/);
  return res;
}

test("malformed percent-encoding answers 400 on every host: JSON on API paths, a small page elsewhere", async () => {
  for (const bad of MALFORMED) {
    for (const path of [`/api/v1/releases/${bad}`, `/service/pressreleases/${bad}`]) {
      const res = await getAs(E2E_HOSTS.hub, path);
      expect([path, res.status, res.headers["content-type"]]).toEqual([path, 400, "application/json"]);
      expect(JSON.parse(res.body).error).toMatchObject({ code: "bad_request", requestId: expect.any(String) });
    }
    for (const [host, path] of [
      [E2E_HOSTS.business, `/de/pressemitteilung/${bad}`],
      [E2E_HOSTS.tech, `/${bad}`],
      [E2E_HOSTS.hub, `/${bad}`],
      [E2E_HOSTS.hub, `/login/link/${bad}`],
    ] as const) {
      const res = await getAs(host, path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("Ungültige Adresse");
    }
  }
});

test("odd path segments and query values never answer 5xx on the portals", async () => {
  test.setTimeout(120_000);
  for (const host of [E2E_HOSTS.business, E2E_HOSTS.tech]) {
    for (const value of ODD) {
      for (const template of PORTAL_PATHS) await expectNo5xx(host, fill(template, value));
      for (const template of QUERIES) await expectNo5xx(host, fill(template, value));
      await expectNo5xx(host, `/press-release/${value}/share`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ channel: "x" }),
      });
    }
  }
});

test("odd path segments, query values and bodies never answer 5xx on the hub", async () => {
  test.setTimeout(120_000);
  for (const value of ODD) {
    for (const template of HUB_PATHS) await expectNo5xx(E2E_HOSTS.hub, fill(template, value));
    for (const template of HUB_QUERIES) await expectNo5xx(E2E_HOSTS.hub, fill(template, value));
    // RFC 8058's one-click POST carries only the token: any token, any body.
    await expectNo5xx(E2E_HOSTS.hub, fill("/api/unsubscribe?t={}", value), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `List-Unsubscribe=${value}`,
    });
  }
  for (const body of [
    "{",
    "\u0000",
    `{"csp-report":{"blocked-uri":"\\u0000","document-uri":"\\ud800"}}`,
    "[".repeat(50_000),
    "x".repeat(70_000),
  ]) {
    await expectNo5xx(E2E_HOSTS.hub, "/csp-report", { method: "POST", headers: { "content-type": "application/csp-report" }, body });
  }
  // The embedded default runs jobs in-process: its Inngest endpoint does not exist (404), for any method.
  for (const method of ["GET", "POST", "PUT"]) {
    const res = await expectNo5xx(E2E_HOSTS.hub, "/api/inngest?fnId=x&stepId=y", {
      method,
      headers: { "content-type": "application/json" },
      ...(method === "GET" ? {} : { body: "{}" }),
    });
    expect(res.status).toBe(404);
  }
  // A server action id that names no action, on a page that has actions.
  await expectNo5xx(E2E_HOSTS.hub, "/login", {
    method: "POST",
    headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
    body: "[]",
  });
  // A real action called with something other than a form: it answers with the form's own messages.
  const page = (await getAs(E2E_HOSTS.hub, "/register")).body;
  const actionId = /&quot;id&quot;:&quot;([0-9a-f]{40,})&quot;/.exec(page)![1]!;
  for (const body of [`[{"ok":false},"not a form"]`, "[null,null]", "[]", `[{"ok":false},{"get":1}]`]) {
    await expectNo5xx(E2E_HOSTS.hub, "/register", {
      method: "POST",
      headers: { "next-action": actionId, "content-type": "text/plain;charset=UTF-8" },
      body,
    });
  }
});

test("a signed-in customer's pages and the sign-in endpoint never answer 5xx to odd input", async ({ page }) => {
  await signIn(page, "owner@nordlicht-energie.example");
  await expect(page).toHaveURL(`${HUB}/dashboard`);
  // The test runner's own requests carry the browser's cookies (page.request cannot resolve *.localhost).
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const value of ODD) {
    for (const path of [
      `/dashboard?q=${value}&page=${value}`,
      `/dashboard/releases/${value}`,
      `/dashboard/security?x=${value}`,
      `/dashboard/newsrooms/${value}`,
      `/dashboard/newsrooms/${value}/team`,
      `/dashboard/newsrooms/${value}?willkommen=${value}`,
      `/dashboard/releases/new?newsroom=${value}`,
      `/dashboard/billing?checkout=${value}`,
      `/dashboard/billing/thanks?purpose=${value}&session=${value}`,
      `/dashboard/billing/invoices/${value}/pdf`,
      `/dashboard/releases/${value}/change`,
      `/checkout/local/portal?return=${value}`,
    ]) {
      await expectNo5xx(E2E_HOSTS.hub, path, { headers: { cookie } });
    }
  }
  // The search drops what it cannot search for instead of failing.
  await page.goto(`${HUB}/dashboard?q=Windpark%00`);
  await expect(page.getByRole("link", { name: /Windpark Osterfeld/ })).toBeVisible();

  // next-auth's callbacks with a NUL in the address: refused, and no database text in the answer.
  const csrf = JSON.parse((await getAs(E2E_HOSTS.hub, "/api/auth/csrf", { headers: { cookie } })).body) as { csrfToken: string };
  for (const [provider, form] of [
    ["password", { email: "a\u0000b@example.de", password: "x".repeat(12) }],
    ["login-link", { token: "a\u0000b" }],
    ["passkey", { handle: "\u0000", response: "{}" }],
  ] as const) {
    const body = new URLSearchParams({ ...form, csrfToken: csrf.csrfToken, json: "true" }).toString();
    const res = await expectNo5xx(E2E_HOSTS.hub, `/api/auth/callback/${provider}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(res.body, provider).not.toMatch(/prisma|invocation|Database error/i);
    // It reached the provider's check (not stopped at the CSRF door) and was refused as a wrong sign-in.
    expect(JSON.parse(res.body).url, provider).toContain("error=refused");
  }
});

test("every answer carries Permissions-Policy and Cross-Origin-Opener-Policy: pages, feeds, the API, refusals", async () => {
  const answers = [
    await getAs(E2E_HOSTS.business, "/de"),
    await getAs(E2E_HOSTS.tech, "/en/feed"),
    await getAs(E2E_HOSTS.hub, "/login"),
    await getAs(E2E_HOSTS.hub, "/api/v1/press-releases"),
    await getAs(E2E_HOSTS.business, "/de/pressemitteilung/gibt-es-nicht"),
  ];
  for (const res of answers) {
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["permissions-policy"]).toContain("publickey-credentials-get=(self)");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    // The e2e hosts speak http: HSTS there would pin a browser to a port nobody serves https on.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  }
});

test("the embedded default, with its documented demo passwords, answers this machine only", async () => {
  const port = Number(E2E_HOSTS.hub.split(":")[1]);
  const outward = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4");
  test.skip(!outward, "no network interface besides loopback");
  const reached = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: outward!.address, port, timeout: 2_000 });
    const end = (answer: boolean) => () => (socket.destroy(), resolve(answer));
    socket.on("connect", end(true)).on("error", end(false)).on("timeout", end(false));
  });
  expect(reached, `${outward!.address}:${port}`).toBe(false);
  expect((await getAs(E2E_HOSTS.hub, "/login")).status).toBe(200);
});

test("a server action posted from another origin answers 400 forged_request, never Next's 500", async () => {
  const page = (await getAs(E2E_HOSTS.hub, "/register")).body;
  const actionId = /&quot;id&quot;:&quot;([0-9a-f]{40,})&quot;/.exec(page)![1]!;
  for (const origin of ["https://evil.example", "null", `http://${E2E_HOSTS.business}`]) {
    const res = await getAs(E2E_HOSTS.hub, "/register", {
      method: "POST",
      headers: { "next-action": actionId, "content-type": "text/plain;charset=UTF-8", origin },
      body: `[{"ok":false},"x"]`,
    });
    expect([origin, res.status]).toEqual([origin, 400]);
    expect(JSON.parse(res.body).error).toMatchObject({ code: "forged_request", requestId: expect.any(String) });
  }
  // A cross-site form, posted before any script ran.
  const form = await getAs(E2E_HOSTS.hub, "/login", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" },
    body: "--x--\r\n",
  });
  expect(form.status).toBe(400);
  // From the hub itself the action runs and answers with the form's own messages.
  expect(
    (
      await getAs(E2E_HOSTS.hub, "/register", {
        method: "POST",
        headers: { "next-action": actionId, "content-type": "text/plain;charset=UTF-8", origin: `http://${E2E_HOSTS.hub}` },
        body: `[{"ok":false},"x"]`,
      })
    ).status,
  ).toBe(200);
});

test("a name the embedded default does not carry (DNS rebinding to 127.0.0.1) gets 421: no mailbox, no webhook, no page", async () => {
  const port = Number(E2E_HOSTS.hub.split(":")[1]);
  const rebound = `evil.example:${port}`;
  // A stored public answer exists for the hub's legal page; the server's shortcut must not serve it under the foreign name.
  expect((await getAs(E2E_HOSTS.hub, "/impressum")).status).toBe(200);
  for (const [path, method] of [
    ["/dev/mailbox", "GET"],
    ["/checkout/local/portal", "GET"],
    ["/login", "GET"],
    ["/impressum", "GET"],
    ["/api/webhooks/stripe", "POST"],
    ["/health", "GET"],
  ] as const) {
    const res = await getAs(rebound, path, {
      method,
      ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
    });
    expect([path, res.status]).toEqual([path, 421]);
    expect(res.body).not.toContain("Postfach");
  }
  // Loopback names still reach the hub (health checks, the runner's readiness probe), but only the hub's own name opens the mailbox.
  expect((await getAs(`127.0.0.1:${port}`, "/")).status).toBe(200);
  expect((await getAs(`127.0.0.1:${port}`, "/dev/mailbox")).status).toBe(421);
  expect((await getAs(E2E_HOSTS.hub, "/dev/mailbox")).status).toBe(200);
});

test("forged component requests answer 400 (spec 7): a feed or the search told its portal or language, a file sent to a form without upload", async () => {
  for (const [host, path] of [
    [E2E_HOSTS.business, "/de/feed?portal=tech"],
    [E2E_HOSTS.tech, "/en/feed?language=de"],
    [E2E_HOSTS.business, "/de/newsroom?q=nord&lang=en"],
  ] as const) {
    expect([path, (await getAs(host, path)).status]).toEqual([path, 400]);
  }
  expect((await getAs(E2E_HOSTS.business, "/de/feed?utm_source=x")).status).toBe(200);
  const body = `--x\r\nContent-Disposition: form-data; name="1_message"\r\n\r\nHallo\r\n--x\r\nContent-Disposition: form-data; name="1_file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n--x--\r\n`;
  const res = await getAs(E2E_HOSTS.hub, "/kontakt", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=x", origin: `http://${E2E_HOSTS.hub}`, "next-action": "0".repeat(42) },
    body,
  });
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body).error.code).toBe("forged_request");
});
