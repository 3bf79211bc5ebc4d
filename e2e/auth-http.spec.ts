import { expect } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { registerCustomer, rememberSecret, signInByLoginLink, test } from "./auth-support";
import { getAs } from "./host-request";

// The HTTP side of sign-in, without a browser: the shared login throttle's status, what a
// client may put into X-Forwarded-For, the per-account slowdown and the framework routes that
// must not exist. The e2e server trusts one proxy hop (TRUSTED_PROXY_HOPS=1), as behind the
// shipped nginx: the right-most X-Forwarded-For entry is the client, whatever stands before it.

const cookiesOf = (headers: Record<string, string | string[] | undefined>) =>
  ([] as string[])
    .concat(headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");

async function passwordAttempt(ip: string, email: string, password: string) {
  const csrf = await getAs(E2E_HOSTS.hub, "/api/auth/csrf", { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  rememberSecret(csrfToken);
  rememberSecret(ip);
  const body = new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: "/login/continue" }).toString();
  return getAs(E2E_HOSTS.hub, "/api/auth/callback/password", {
    method: "POST",
    body,
    headers: {
      "x-forwarded-for": ip,
      cookie: cookiesOf(csrf.headers),
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
  });
}

test("the 21st failed sign-in from one address answers 429 with Retry-After, even with the right password", async () => {
  test.setTimeout(90_000);
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  for (let i = 0; i < 20; i++) {
    const r = await passwordAttempt(ip, `nobody-${i}@example.com`, "wrong password for sure");
    expect(r.status).toBe(401);
  }
  const blocked = await passwordAttempt(ip, "owner@nordlicht-energie.example", "pressdesk-demo-2026");
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(blocked.body).url).toContain("error=throttled");
  // Another address signs in.
  const ok = await passwordAttempt("198.19.0.1", "owner@nordlicht-energie.example", "pressdesk-demo-2026");
  expect(ok.status).toBe(200);
  const session = cookiesOf(ok.headers).match(/pd\.session=([^;]+)/)?.[1];
  expect(session).toBeTruthy();
  rememberSecret(session!);
});

const randomAddress = (prefix: string) => `${prefix}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

test("an address the client puts in front of the proxy's does not reset its budget; another client is counted apart", async () => {
  test.setTimeout(90_000);
  const client = randomAddress("198.18");
  for (let i = 0; i < 20; i++) {
    const r = await passwordAttempt(`${randomAddress("203.0")}, ${client}`, `spoofer-${i}@example.com`, "wrong password for sure");
    expect(r.status).toBe(401);
  }
  const spoofed = await passwordAttempt(
    `${randomAddress("192.0")}, ${randomAddress("100.64")}, ${client}`,
    "owner@nordlicht-energie.example",
    "pressdesk-demo-2026",
  );
  expect(spoofed.status).toBe(429);
  expect(JSON.parse(spoofed.body).url).toContain("error=throttled");
  // A neighbour behind the same proxy has a budget of its own.
  const neighbour = await passwordAttempt(`${client}, ${randomAddress("198.19")}`, "nobody-else@example.com", "wrong password for sure");
  expect(neighbour.status).toBe(401);
});

test("an account sprayed from 100 addresses is slowed, not locked: the owner still signs in with a login link", async ({ page }) => {
  test.setTimeout(120_000);
  const { email, password } = await registerCustomer(page, "sprayed");
  const answers: number[] = [];
  for (let i = 0; i < 100; i++) answers.push((await passwordAttempt(randomAddress("198.51"), email, `guess ${i}`)).status);
  const checked = answers.filter((s) => s === 401).length;
  // Five free failures, then doubling waits: a handful more get through while the loop runs.
  expect(checked).toBeGreaterThanOrEqual(5);
  expect(checked).toBeLessThanOrEqual(12);
  expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  // Even the right password waits (the attacker cannot tell), from a fresh address too ...
  const owner = await passwordAttempt(randomAddress("198.51"), email, password);
  expect(owner.status).toBe(429);
  expect(JSON.parse(owner.body).url).toContain("error=slowed");
  expect(Number(owner.headers["retry-after"])).toBeGreaterThan(0);
  // ... and the login link is not slowed.
  await signInByLoginLink(page, email);
});

test("the framework's profile, password and two-factor management routes answer 404", async () => {
  const routes: [string, string][] = [
    ["PUT", "/user/password"],
    ["PUT", "/user/profile-information"],
    ["POST", "/user/two-factor-authentication"],
    ["DELETE", "/user/two-factor-authentication"],
    ["POST", "/user/confirmed-two-factor-authentication"],
    ["GET", "/user/two-factor-qr-code"],
    ["GET", "/user/two-factor-secret-key"],
    ["GET", "/user/two-factor-recovery-codes"],
    ["POST", "/user/two-factor-recovery-codes"],
  ];
  for (const [method, path] of routes) {
    const r = await getAs(E2E_HOSTS.hub, path, { method, headers: { "content-length": "0" } });
    expect(r.status, `${method} ${path}`).toBe(404);
  }
});
