import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkOutboundUrl, sendOutbound, type OutboundRequest } from "./outbound";

// Real servers on 127.0.0.1 stand in for our own internal services: each test is a customer who
// wants our webhook sender to reach them. DNS is played by deps.resolve; nothing leaves the host.
const STRICT = { allowLocalhost: false };
const LOCAL = { allowLocalhost: true };

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface TestServer {
  port: number;
  /** Every TCP connection, whether or not an HTTP request came over it. */
  connections: number;
  requests: SeenRequest[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

async function startServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const timers: NodeJS.Timeout[] = [];
  const seen: TestServer = { port: 0, connections: 0, requests: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(req, res);
    });
  });
  server.on("connection", () => seen.connections++);
  seen.port = await listen(server);
  cleanups.push(async () => {
    timers.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return seen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function get(url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest {
  return { url, method: "GET", timeoutMs: 5_000, maxResponseBytes: 65_536, ...extra };
}

const toLoopback = async () => ["127.0.0.1"];

describe("sendOutbound against local servers", () => {
  it("reaches a loopback server only when the policy allows localhost", async () => {
    const server = await startServer((_req, res) => res.writeHead(200, { "Content-Type": "text/plain", "X-Answer": "yes" }).end("hello"));
    const url = `http://127.0.0.1:${server.port}/hook?x=1`;

    const allowed = await sendOutbound(get(url), LOCAL);
    expect(allowed).toMatchObject({
      kind: "response",
      status: 200,
      truncated: false,
      headers: { "content-type": "text/plain", "x-answer": "yes" },
    });
    expect(allowed.kind === "response" && allowed.body.toString()).toBe("hello");
    expect(allowed.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(allowed.latencyMs)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "GET", url: "/hook?x=1" });
    expect(server.requests[0]!.headers["user-agent"]).toBe("Pressdesk-Webhooks/1.0");

    const refused = await sendOutbound(get(url.replace("http:", "https:")), STRICT);
    expect(refused).toMatchObject({ kind: "refused", reason: "private-address" });
    expect(server.connections).toBe(1);
  });

  it("posts the body with its length and keeps the caller's user agent", async () => {
    const server = await startServer((_req, res) => res.writeHead(202).end());
    const body = JSON.stringify({ event: "release.published", title: "Grüße" });
    const result = await sendOutbound(
      {
        ...get(`http://localhost:${server.port}/in`),
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "User-Agent": "Custom/2" },
      },
      LOCAL,
      { resolve: toLoopback },
    );
    expect(result).toMatchObject({ kind: "response", status: 202 });
    expect(server.requests[0]).toMatchObject({ method: "POST", body });
    expect(server.requests[0]!.headers).toMatchObject({
      "content-length": String(Buffer.byteLength(body)),
      "user-agent": "Custom/2",
      host: `localhost:${server.port}`,
    });
  });

  it("joins repeated answer headers with a comma", async () => {
    const server = await startServer((_req, res) => {
      res.setHeader("Set-Cookie", ["a=1", "b=2"]);
      res.setHeader("X-Multi", ["one", "two"]);
      res.end();
    });
    const result = await sendOutbound(get(`http://127.0.0.1:${server.port}/`), LOCAL);
    expect(result).toMatchObject({ kind: "response", headers: { "set-cookie": "a=1, b=2", "x-multi": "one, two" } });
  });

  it.each([
    ["a private address", ["10.0.0.5"]],
    ["a public and a loopback address", ["93.184.216.34", "127.0.0.1"]],
    ["a loopback and a public address", ["127.0.0.1", "93.184.216.34"]],
    ["the metadata endpoint", ["169.254.169.254"]],
    ["an IPv4-mapped loopback", ["::ffff:127.0.0.1"]],
  ])("refuses a name that resolves to %s, without connecting", async (_label, addresses) => {
    const server = await startServer((_req, res) => res.end("internal secret"));
    const result = await sendOutbound(get(`https://hooks.example.test:${server.port}/`), STRICT, { resolve: async () => addresses });
    expect(result).toMatchObject({ kind: "refused", reason: "private-address" });
    expect(server.connections).toBe(0);
  });

  it("resolves on every attempt: a name that pointed at loopback before and at a private address now is refused", async () => {
    const server = await startServer((_req, res) => res.end("ok"));
    const url = `http://hooks.localhost:${server.port}/hook`;
    expect(checkOutboundUrl(url, LOCAL)).toEqual({ ok: true, url });

    let calls = 0;
    const resolve = async () => (++calls === 1 ? ["127.0.0.1"] : ["10.0.0.5"]);
    expect(await sendOutbound(get(url), LOCAL, { resolve })).toMatchObject({ kind: "response", status: 200 });
    expect(await sendOutbound(get(url), LOCAL, { resolve })).toMatchObject({ kind: "refused", reason: "private-address" });
    expect(calls).toBe(2);
    expect(server.connections).toBe(1);
  });

  it("refuses a name that passed when entered but points at us by delivery time (rebinding)", async () => {
    const server = await startServer((_req, res) => res.end("internal secret"));
    const url = `https://rebind.example.test:${server.port}/hook`;
    expect(checkOutboundUrl(url, STRICT)).toEqual({ ok: true, url });
    expect(await sendOutbound(get(url), STRICT, { resolve: toLoopback })).toMatchObject({ kind: "refused", reason: "private-address" });
    expect(server.connections).toBe(0);
  });

  it("connects to the address it checked, not to a second lookup, and sends the name as TLS servername", async () => {
    // A raw TCP listener sees the TLS ClientHello, whose server name is in plain text.
    let hello = "";
    const listener = net.createServer((socket) =>
      socket.once("data", (chunk: Buffer) => {
        hello = chunk.toString("latin1");
        socket.destroy();
      }),
    );
    const port = await listen(listener);
    cleanups.push(() => new Promise((done) => listener.close(() => done())));
    // ".invalid" never resolves (RFC 6761): only our checked answer can lead to the listener.
    const result = await sendOutbound(get(`https://hooks.invalid:${port}/`, { timeoutMs: 2_000 }), LOCAL, { resolve: toLoopback });
    expect(result).toMatchObject({ kind: "failed", reason: "network" });
    expect(hello).toContain("hooks.invalid");
  });

  it.each(["http://2130706433", "http://0x7f.1", "http://017700000001", "https://[::ffff:7f00:1]", "http://127.0.0.1."])(
    "judges %s as the loopback address it connects to",
    async (base) => {
      const server = await startServer((_req, res) => res.end("internal secret"));
      const result = await sendOutbound(get(`${base}:${server.port}/`), STRICT, { resolve: toLoopback });
      expect(result).toMatchObject({ kind: "refused", reason: "private-address" });
      expect(server.connections).toBe(0);
    },
  );

  it("hands back a redirect as the answer and never follows it", async () => {
    const target = await startServer((_req, res) => res.end("internal secret"));
    const redirector = await startServer((_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${target.port}/admin` }).end());
    const result = await sendOutbound(get(`http://127.0.0.1:${redirector.port}/`), LOCAL);
    expect(result).toMatchObject({ kind: "response", status: 302, headers: { location: `http://127.0.0.1:${target.port}/admin` } });
    await sleep(100);
    expect(target.connections).toBe(0);
  });

  it("gives up on a server that answers too late", async () => {
    const server = await startServer((_req, res) => void sleep(3_000).then(() => res.end("late")));
    const result = await sendOutbound(get(`http://127.0.0.1:${server.port}/`, { timeoutMs: 400 }), LOCAL);
    expect(result).toMatchObject({ kind: "failed", reason: "timeout" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(390);
    expect(result.latencyMs).toBeLessThan(600);
  });

  it("counts reading a body that trickles in toward the timeout", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write("first part");
      void sleep(3_000).then(() => res.end("rest"));
    });
    const result = await sendOutbound(get(`http://127.0.0.1:${server.port}/`, { timeoutMs: 400 }), LOCAL);
    expect(result).toMatchObject({ kind: "failed", reason: "timeout" });
    expect(result.latencyMs).toBeLessThan(600);
  });

  it("reads a flood only up to maxResponseBytes and drops the connection", async () => {
    const server = await startServer((_req, res) => res.end(Buffer.alloc(1024 * 1024, "x")));
    const started = Date.now();
    const result = await sendOutbound(get(`http://127.0.0.1:${server.port}/`, { maxResponseBytes: 10_000 }), LOCAL);
    expect(result).toMatchObject({ kind: "response", status: 200, truncated: true });
    expect(result.kind === "response" && result.body.length).toBeLessThanOrEqual(10_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("does not call a body of exactly maxResponseBytes truncated", async () => {
    const server = await startServer((_req, res) => res.end(Buffer.alloc(10_000, "x")));
    const result = await sendOutbound(get(`http://127.0.0.1:${server.port}/`, { maxResponseBytes: 10_000 }), LOCAL);
    expect(result).toMatchObject({ kind: "response", truncated: false });
    expect(result.kind === "response" && result.body.length).toBe(10_000);
  });

  it("reports a refused connection as a network failure", async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const result = await sendOutbound(get(`http://127.0.0.1:${port}/`), LOCAL);
    expect(result).toMatchObject({ kind: "failed", reason: "network" });
    expect(result.kind === "failed" && result.message).toContain("ECONNREFUSED");
  });

  it("counts a name lookup that hangs toward the timeout", async () => {
    const resolve = () => new Promise<string[]>(() => {});
    const result = await sendOutbound(get("https://slow-dns.example.test/", { timeoutMs: 300 }), STRICT, { resolve });
    expect(result).toMatchObject({ kind: "failed", reason: "timeout" });
    expect(result.latencyMs).toBeLessThan(500);
  });

  it("reports a name that does not resolve as refused for dns", async () => {
    const resolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example.test"), { code: "ENOTFOUND" });
    };
    expect(await sendOutbound(get("https://nowhere.example.test/"), STRICT, { resolve })).toMatchObject({ kind: "refused", reason: "dns" });
    expect(await sendOutbound(get("https://nowhere.example.test/"), STRICT, { resolve: async () => [] })).toMatchObject({
      kind: "refused",
      reason: "dns",
    });
  });

  it("refuses URLs the customer could not have entered, before any lookup", async () => {
    let lookups = 0;
    const resolve = async () => (lookups++, ["93.184.216.34"]);
    expect(await sendOutbound(get("http://example.com/"), STRICT, { resolve })).toMatchObject({ kind: "refused", reason: "scheme" });
    expect(await sendOutbound(get("https://a:b@example.com/"), STRICT, { resolve })).toMatchObject({
      kind: "refused",
      reason: "credentials",
    });
    expect(await sendOutbound(get("nonsense"), STRICT, { resolve })).toMatchObject({ kind: "refused", reason: "invalid" });
    expect(lookups).toBe(0);
  });

  it("sends plain http only to loopback, even for a *.localhost name that resolves elsewhere", async () => {
    const result = await sendOutbound(get("http://hooks.localhost/"), LOCAL, { resolve: async () => ["93.184.216.34"] });
    expect(result).toMatchObject({ kind: "refused", reason: "scheme" });
  });
});
