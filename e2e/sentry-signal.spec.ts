import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E_HOSTS, E2E_SENTRY_DIR } from "../playwright.config";
import { eventCount, readEnvelopes } from "../tests/sentry-envelope-check";
import { rememberSecret } from "./auth-support";
import { getAs } from "./host-request";

// A page whose session ended (the spec's 419) reaches the error tracker as a signal, through
// the built server's SDK to the local ingest; the request carries a cookie, a token in its query
// and a client address, which the log scan (e2e/log-scan.spec.ts) then must not find in any envelope.

test("a preview request after the session ended arrives as a page_expired signal", async () => {
  const token = randomBytes(32).toString("base64url");
  const cookie = randomBytes(32).toString("base64url");
  rememberSecret(token);
  rememberSecret(cookie);
  const answer = await getAs(E2E_HOSTS.hub, `/dashboard/releases/7/images/9/preview?token=${token}&email=presse%40nordlicht.example`, {
    headers: { cookie: `pd.session=${cookie}`, "x-forwarded-for": "198.51.100.44", "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
  });
  // The spec's 419 to the client, in the documented JSON shape.
  expect(answer.status).toBe(419);
  expect(JSON.parse(answer.body).error.code).toBe("page_expired");
  await expect
    .poll(
      () =>
        readEnvelopes(E2E_SENTRY_DIR).filter((e) =>
          e.items.some(
            (i) =>
              i.type === "event" &&
              JSON.stringify(i.payload).includes('"page_expired","419","/hub/dashboard/releases/[id]/images/[imageId]/preview"'),
          ),
        ).length,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  expect(eventCount(readEnvelopes(E2E_SENTRY_DIR))).toBeGreaterThan(0);
});
