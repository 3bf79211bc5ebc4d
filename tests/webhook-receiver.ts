import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A real receiver for the webhook tests: an HTTP server on 127.0.0.1 that verifies every
// message with the standardwebhooks library, as a customer's program would.

export interface Received {
  id: string;
  type: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** Which of the receiver's secrets verified it (index), or -1. */
  verifiedWith: number;
  status: number;
  at: number;
}

export interface TestReceiver {
  url: string;
  received: Received[];
  /** Secrets to verify with, in order; set after the endpoint exists. */
  secrets: string[];
  /** Status to answer per call, in order; afterwards 204. */
  answers: number[];
  close(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const receiver: Omit<TestReceiver, "url" | "close"> & { server?: Server } = {
    received: [],
    secrets: [],
    answers: [],
    async waitFor(count, timeoutMs = 8000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return receiver.received;
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verifiedWith = receiver.secrets.findIndex((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const status = receiver.answers.shift() ?? 204;
      let type = "";
      try {
        type = (JSON.parse(body) as { type: string }).type;
      } catch {
        /* not JSON */
      }
      receiver.received.push({
        id: String(req.headers["webhook-id"]),
        type,
        body,
        headers: req.headers,
        verifiedWith,
        status,
        at: Date.now(),
      });
      res.writeHead(status, { "content-type": "text/plain" }).end(status >= 400 ? "receiver says no" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TestReceiver;
}
