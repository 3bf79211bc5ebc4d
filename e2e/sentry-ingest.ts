import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { E2E_SENTRY_DIR, E2E_SENTRY_PORT } from "../playwright.config";

// Playwright's global setup: a local stand-in for Sentry's ingest endpoint. The server under
// test sends its envelopes here (SENTRY_DSN in playwright.config.ts); each is filed as it came,
// and e2e/log-scan.spec.ts checks them all once every other test has run.
export default async function startSentryIngest(): Promise<() => Promise<void>> {
  mkdirSync(E2E_SENTRY_DIR, { recursive: true });
  let received = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
      if (req.method === "POST" && /\/api\/\d+\/envelope\/?$/.test((req.url ?? "").split("?")[0]!))
        writeFileSync(join(E2E_SENTRY_DIR, `${Date.now()}-${received++}.envelope`), body);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(E2E_SENTRY_PORT, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
