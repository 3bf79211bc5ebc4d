// The service's HTTP server: Next's request handler behind a Node server that stamps each
// request with the address of the connection it came on. That header is the one client address
// nobody outside can choose (lib/security/client-ip.ts): any value a client sends under the same
// name is overwritten here. Usage: node scripts/next-server.mjs start|dev (PORT, HOSTNAME).
import { createServer } from "node:http";

const PEER_ADDRESS_HEADER = "x-pd-peer-address";
const dev = process.argv[2] === "dev";
// What `next start` and `next dev` would set; read by Next when it loads, so set before the import.
process.env.NODE_ENV ??= dev ? "development" : "production";
const { default: next } = await import("next");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";

const app = next({ dev, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  void handle(req, res);
});
if (dev) server.on("upgrade", app.getUpgradeHandler());
server.listen(port, hostname, () => console.log(`ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}${dev ? " (development)" : ""}`));

const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
