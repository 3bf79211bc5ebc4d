import { expect, test } from "@playwright/test";
import { E2E_HOSTS } from "../playwright.config";
import { rememberSecret } from "./auth-support";
import { getAs } from "./host-request";

// The HTTP side of sign-in, without a browser: the shared login throttle's status and the
// framework routes that must not exist.

const cookiesOf = (headers: Record<string, string | string[] | undefined>) =>
  ([] as string[]).concat(headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

async function passwordAttempt(ip: string, email: string, password: string) {
  const csrf = await getAs(E2E_HOSTS.hub, "/api/auth/csrf", { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  rememberSecret(csrfToken);
  rememberSecret(ip);
  const body = new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: "/login/continue" }).toString();
  return getAs(E2E_HOSTS.hub, "/api/auth/callback/password", {
    method: "POST",
    body,
    headers: { "x-forwarded-for": ip, cookie: cookiesOf(csrf.headers), "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
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
