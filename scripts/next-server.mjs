// The service's HTTP server: Next's request handler behind a Node server that stamps each
// request with the address of the connection it came on. That stamp is the one client address
// nobody outside can choose (lib/core/security/client-ip.ts): it carries an HMAC under a key made
// at start and known only to this process, and any value a client sends under the same name is
// overwritten. Usage: node scripts/next-server.mjs start|dev (PORT; LISTEN_ADDRESSES, comma
// separated, default 0.0.0.0).
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { setFlagsFromString } from "node:v8";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseRecentlyAway } from "../lib/core/db/outage-signal.mjs";

// V8 lets the old generation grow to four times what the last full collection kept before it
// collects again: a server holding 140 MB climbed to 460 MB of garbage under steady load (resident
// memory +30 % between 20k and 100k requests, docs/portals.md). At 1.5 times it stays flat within
// a few percent for the same throughput; full collections of this heap take about 15 ms.
setFlagsFromString("--heap-growing-percent=50");

const PEER_ADDRESS_HEADER = "x-pd-peer-address";
const FAST_PATH_KEY = Symbol.for("pressdesk.storedAnswers.fastPath");
const dev = process.argv[2] === "dev";
// What `next start` and `next dev` would set; read by Next when it loads, so set before the import.
process.env.NODE_ENV ??= dev ? "development" : "production";
const stampKey = randomBytes(32).toString("base64url");
process.env.PD_PEER_STAMP_KEY = stampKey;
const { default: next } = await import("next");
const port = Number(process.env.PORT ?? 3000);
const addresses = (process.env.LISTEN_ADDRESSES ?? "0.0.0.0")
  .split(",")
  .map((a) => a.trim())
  .filter(Boolean);

// Next builds its own request URLs from this name (it does the same for 0.0.0.0): where it
// listens is this server's business.
const app = next({ dev, port, hostname: "localhost" });
// Where the middleware asks this server to render a public answer it then keeps as stored bytes
// (lib/adapters/public/stored-answers): the first address it listens on, a wildcard read as loopback.
const first = addresses[0] ?? "0.0.0.0";
const loopback = first === "0.0.0.0" ? "127.0.0.1" : first === "::" ? "::1" : first;
process.env.PD_INTERNAL_ORIGIN ??= `http://${loopback.includes(":") ? `[${loopback}]` : loopback}:${port}`;
const handle = app.getRequestHandler();
await app.prepare();

// No route takes more than an image upload (IMAGE_MAX_UPLOAD_BYTES, 16 MiB, plus its form). A
// larger declared body is refused here, before Next reads it: the proxy (middleware) would buffer
// a copy of it first, for any path and any caller. next.config.ts caps that copy at 17 MB too.
const maxRequestBytes = Number(process.env.IMAGE_MAX_UPLOAD_BYTES ?? 16 * 1024 * 1024) + 1024 * 1024;

function refuseTooLarge(res) {
  const body = JSON.stringify({
    error: {
      code: "payload_too_large",
      message: `The body may be at most ${maxRequestBytes} bytes.`,
      requestId: randomBytes(8).toString("hex"),
    },
  });
  res.writeHead(413, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close",
    "cache-control": "no-store",
  });
  res.end(body);
}

// While the database is away (lib/core/db/unavailable.ts notes when it last was), a page that failed
// is an outage, not a fault: 503 with Retry-After. Next's error answer to a document is a shell
// that shows its error page only once scripts ran; a reader gets this page instead, readable
// without any script (the app's own error page, app/error.tsx, shows after client navigation).
const OUTAGE_PAGE = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Vorübergehend nicht erreichbar · Pressdesk</title></head>
<body><main><h1>Diese Seite ist gerade nicht erreichbar</h1>
<p>Der Dienst ist kurz nicht verfügbar. Bitte laden Sie die Seite in einigen Sekunden neu; Ihre gespeicherten Daten sind davon nicht betroffen.</p>
<p lang="en">This page is briefly unavailable. Please reload it in a few seconds.</p></main></body></html>
`;

function outageAware(res) {
  const { writeHead, write, end } = res;
  let replacing = false;
  res.writeHead = function (status, ...rest) {
    if (status !== 500 || !isDatabaseRecentlyAway()) return writeHead.call(this, status, ...rest);
    const given = rest.find((r) => r && typeof r === "object" && !Array.isArray(r)) ?? {};
    const type = String(given["content-type"] ?? given["Content-Type"] ?? res.getHeader("content-type") ?? "");
    replacing = type.startsWith("text/html");
    if (!replacing) {
      res.setHeader("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      res.setHeader("cache-control", "no-store");
      return writeHead.call(this, 503, ...rest);
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    return writeHead.call(this, 503, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(OUTAGE_PAGE),
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
  };
  // Next's own bytes of a replaced answer are dropped; the outage page goes out at the end.
  res.write = function (chunk, ...rest) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (replacing) {
      const done = rest.find((r) => typeof r === "function");
      if (done) queueMicrotask(done);
      return true;
    }
    return write.call(this, chunk, ...rest);
  };
  res.end = function (chunk, ...rest) {
    if (!res.headersSent && res.statusCode === 500) res.writeHead(500);
    if (replacing) return end.call(this, OUTAGE_PAGE);
    return end.call(this, chunk, ...rest);
  };
}

/** `address;mac`: the format lib/core/security/client-ip.ts (peerStamp) checks. */
const stamp = (address) => `${address};${createHmac("sha256", stampKey).update(address).digest("base64url")}`;

const servers = addresses.map((address, i) => {
  const server = createServer((req, res) => {
    if (Number(req.headers["content-length"] ?? 0) > maxRequestBytes) return refuseTooLarge(res);
    req.headers[PEER_ADDRESS_HEADER] = stamp(req.socket.remoteAddress ?? "");
    // Stored public bytes this process holds, without Next's per-request machinery; registered by
    // the middleware's bundle once loaded (lib/adapters/public/stored-answers/fast-path.ts).
    const fast = globalThis[FAST_PATH_KEY]?.(req.method, req.url, req.headers);
    if (fast) {
      res.writeHead(fast.status, fast.headers);
      res.end(fast.body ?? undefined);
      return;
    }
    outageAware(res);
    void handle(req, res);
  });
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  // A second loopback address (::1) may not exist on this machine: the first one is enough.
  server.on("error", (err) => {
    if (i === 0 || !["EADDRNOTAVAIL", "EAFNOSUPPORT"].includes(err.code)) throw err;
  });
  server.listen(port, address, () =>
    console.log(`ready on http://${address.includes(":") ? `[${address}]` : address}:${port}${dev ? " (development)" : ""}`),
  );
  return server;
});

const stop = () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))).then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
