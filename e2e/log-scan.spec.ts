import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_SEEN_SECRETS, E2E_SENTRY_DIR, E2E_SERVER_LOG } from "../playwright.config";
import { envelopeLeaks, eventCount, readEnvelopes } from "../tests/sentry-envelope-check";
import { DEMO_PASSWORD, query } from "./auth-support";

// Runs after every other browser test (playwright.config.ts: project "log-scan"): no password,
// session cookie, CSRF token, link token, TOTP secret or full IP the tests used may appear in
// the server's log (which is also where error reports go on the embedded default) or in the
// event tables.

const secrets = () => [
  DEMO_PASSWORD,
  ...(existsSync(E2E_SEEN_SECRETS) ? readFileSync(E2E_SEEN_SECRETS, "utf8").split("\n").filter(Boolean) : []),
];

test("the server log holds no secret and no full IP the tests used", () => {
  const log = readFileSync(E2E_SERVER_LOG, "utf8");
  expect(log.length).toBeGreaterThan(0);
  const seen = secrets();
  // The auth tests ran and left their secrets here; an empty list would make this test pointless.
  expect(seen.length).toBeGreaterThan(10);
  for (const secret of seen) expect(log.includes(secret), `log contains a secret starting ${secret.slice(0, 3)}…`).toBe(false);
});

test("login history, activity, tallies, sessions, conversions and link rows hold no secret", async () => {
  const tables = [
    "login_history",
    "activity_log",
    "failed_login_tallies",
    "sessions",
    "conversion_events",
    "magic_links",
    "legal_document_acceptances",
  ];
  const seen = secrets();
  for (const table of tables) {
    const rows = await query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
    const dump = rows.map((r) => r.row).join("\n");
    for (const secret of seen) expect(dump.includes(secret), `${table} contains a secret starting ${secret.slice(0, 3)}…`).toBe(false);
  }
});

test("every envelope the error tracker received is free of addresses, tokens, cookies and query strings", () => {
  // A fifth of every request of the suite is traced: thousands of envelopes to read.
  test.setTimeout(120_000);
  const envelopes = readEnvelopes(E2E_SENTRY_DIR);
  // e2e/sentry-signal.spec.ts provokes at least one signal; the traced requests add transactions.
  expect(eventCount(envelopes)).toBeGreaterThan(0);
  expect(envelopeLeaks(envelopes)).toEqual([]);
  // One text and one assertion: an expect per envelope and secret is millions of report steps.
  const text = envelopes.map((e) => JSON.stringify(e)).join("\n");
  // A numeric code (TOTP, e-mail code) counts as a number of its own, not as digits inside a
  // span's timestamp or a hex trace or span id: thousands of traced envelopes hold every
  // six-digit run by chance (a trace id "…bda706666b5…" once matched a code).
  const found = secrets().filter((secret) =>
    /^\d+$/.test(secret) ? new RegExp(`(?<![\\da-f.])${secret}(?![\\da-f])`, "i").test(text) : text.includes(secret),
  );
  expect(
    found.map((secret) => `a secret starting ${secret.slice(0, 3)}…`),
    "secrets in the envelopes",
  ).toEqual([]);
  console.log(`sentry: ${eventCount(envelopes)} events checked (${envelopes.length} envelopes)`);
});
