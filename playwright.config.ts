import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests run against the production build started exactly as the README's first
// command starts it: the embedded default, in a throwaway data directory.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_HOSTS = {
  hub: `hub.localhost:${PORT}`,
  business: `business.localhost:${PORT}`,
  tech: `tech.localhost:${PORT}`,
};

/** Everything the server under test writes to stdout and stderr; the log scan reads it after the other tests. */
export const E2E_SERVER_LOG = process.env.E2E_SERVER_LOG ?? join(tmpdir(), `pd-e2e-server-${PORT}.log`);
process.env.E2E_SERVER_LOG = E2E_SERVER_LOG;
/** Secrets the tests saw (cookies, codes, link tokens), one per line; none may appear in the server's log. Workers inherit the run id. */
process.env.E2E_RUN_ID ??= `${Date.now()}`;
export const E2E_SEEN_SECRETS = join(tmpdir(), `pd-e2e-secrets-${process.env.E2E_RUN_ID}.txt`);

/** The local stand-in for Sentry's ingest (e2e/sentry-ingest.ts) and where it files the envelopes the server sent. */
export const E2E_SENTRY_PORT = Number(process.env.E2E_SENTRY_PORT ?? 3199);
export const E2E_SENTRY_DIR = join(tmpdir(), `pd-e2e-sentry-${process.env.E2E_RUN_ID}`);

/** The embedded database of the server under test, for tests that check what was stored. */
export const E2E_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_DB_PORT ?? "54390"}/postgres?sslmode=disable`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A dozen flows (two browsers, mail round trips) take 20–28 s on an idle 2-core machine; 60 s
  // keeps them clear of the limit when the machine is busy, and a hung test still ends.
  timeout: 60_000,
  reporter: [["list"], ["./e2e/summary-reporter.ts"]],
  globalSetup: "./e2e/sentry-ingest.ts",
  // The log scan runs last, over what every other test made the server write.
  projects: [
    { name: "chromium", testIgnore: /log-scan\.spec\.ts/ },
    { name: "log-scan", testMatch: /log-scan\.spec\.ts/, dependencies: ["chromium"] },
  ],
  use: {
    baseURL: `http://${E2E_HOSTS.hub}`,
    locale: "de-DE",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP *.localhost 127.0.0.1",
      ],
    },
  },
  webServer: {
    command: `node_modules/.bin/tsx scripts/serve.ts start 2>&1 | tee "${E2E_SERVER_LOG}"`,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      EMBEDDED_DATA_DIR: join(tmpdir(), `pd-e2e-${process.pid}`),
      EMBEDDED_DB_PORT: process.env.E2E_DB_PORT ?? "54390",
      SITE_HUB_HOST: E2E_HOSTS.hub,
      SITE_BUSINESS_HOST: E2E_HOSTS.business,
      SITE_TECH_HOST: E2E_HOSTS.tech,
      // The release form's acceptance step is part of what customers see (demo: MediSense).
      LEGAL_ACCEPTANCE_GATE: "true",
      // The test runner plays the one proxy in front: the last X-Forwarded-For entry it sends is
      // the client (each test a client of its own); anything left of it is what a client forged.
      TRUSTED_PROXY_HOPS: "1",
      // The newsletter journey sends a campaign (the switch is off by default, spec 8).
      NEWSLETTER_SENDING_ENABLED: "true",
      // The image journey sees the precheck's warnings (off by default, spec 9); stage 2 judges more than the watermark.
      IMAGE_PRECHECK: "true",
      IMAGE_PRECHECK_STAGE: "2",
      // The error tracker with its privacy filter, a fifth of the requests traced: envelopes go to the local
      // ingest (e2e/sentry-ingest.ts), and the log scan checks each for personal data.
      SENTRY_DSN: `http://public@127.0.0.1:${E2E_SENTRY_PORT}/1`,
      SENTRY_TRACES_SAMPLE_PERCENT: "20",
      // Webhooks to the local inspector (http://localhost:{PORT}/dev/webhooks/inbox); the embedded default's own default, said out loud.
      OUTBOUND_ALLOW_LOCALHOST: "true",
    },
  },
});
