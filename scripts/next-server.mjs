// The service's HTTP server: Next's request handler behind a Node server that stamps each
// request with the address of the connection it came on. That stamp is the one client address
// nobody outside can choose (lib/security/client-ip.ts): it carries an HMAC under a key made
// at start and known only to this process, and any value a client sends under the same name is
// overwritten. Usage: node scripts/next-server.mjs start|dev (PORT; LISTEN_ADDRESSES, comma
// separated, default 0.0.0.0).
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { setFlagsFromString } from "node:v8";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseRecentlyAway } from "../lib/db/outage-signal.mjs";

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
const addresses = (process.env.LISTEN_ADDRESSES ?? "0.0.0.0").split(",").map((a) => a.trim()).filter(Boolean);

// Next builds its own request URLs from this name (it does the same for 0.0.0.0): where it
// listens is this server's business.
const app = next({ dev, port, hostname: "localhost" });
// Where the middleware asks this server to render a public answer it then keeps as stored bytes
// (lib/public/stored-answers): the first address it listens on, a wildcard read as loopback.
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
  const body = JSON.stringify({ error: { code: "payload_too_large", message: `The body may be at most ${maxRequestBytes} bytes.`, requestId: randomBytes(8).toString("hex") } });
  res.writeHead(413, { "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "close", "cache-control": "no-store" });
  res.end(body);
}

// While the database is away (lib/db/unavailable.ts notes when it last was), a page that failed
// is an outage, not a fault: 503 with Retry-After, the branded error page as body (app/error.tsx).
function outageAware(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 500 && isDatabaseRecentlyAway()) {
      status = 503;
      res.statusCode = 503;
      res.setHeader("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      res.setHeader("cache-control", "no-store");
    }
    return writeHead.call(this, status, ...rest);
  };
}

/** `address;mac`: the format lib/security/client-ip.ts (peerStamp) checks. */
const stamp = (address) => `${address};${createHmac("sha256", stampKey).update(address).digest("base64url")}`;

const servers = addresses.map((address, i) => {
  const server = createServer((req, res) => {
    if (Number(req.headers["content-length"] ?? 0) > maxRequestBytes) return refuseTooLarge(res);
    req.headers[PEER_ADDRESS_HEADER] = stamp(req.socket.remoteAddress ?? "");
    // Stored public bytes this process holds, without Next's per-request machinery; registered by
    // the middleware's bundle once loaded (lib/public/stored-answers/fast-path.ts).
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
  server.listen(port, address, () => console.log(`ready on http://${address.includes(":") ? `[${address}]` : address}:${port}${dev ? " (development)" : ""}`));
  return server;
});

const stop = () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))).then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
