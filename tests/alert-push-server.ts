import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A push-notification service on a local port: records each alert POST it receives, answers
// with the status a test chooses (or never, to test the timeout).

export interface PushServer {
  url: string;
  received: { headers: IncomingMessage["headers"]; body: unknown }[];
  /** The status of the following answers; "hang" keeps the request open. */
  answer: number | "hang";
  close(): Promise<void>;
}

export async function startPushServer(): Promise<PushServer> {
  const hanging: ServerResponse[] = [];
  const state: PushServer = { url: "", received: [], answer: 204, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      state.received.push({ headers: req.headers, body: text ? (JSON.parse(text) as unknown) : null });
      if (state.answer === "hang") hanging.push(res);
      else res.writeHead(state.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`;
  state.close = async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
