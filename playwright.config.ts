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

/** The embedded database of the server under test, for tests that check what was stored. */
export const E2E_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_DB_PORT ?? "54390"}/postgres?sslmode=disable`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["./e2e/summary-reporter.ts"]],
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
    command: "node_modules/.bin/tsx scripts/serve.ts start",
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
    },
  },
});
