import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClassifier } from "./http-classifier";

// A real HTTP server stands in for the model endpoint.
let server: Server;
let url: string;
const seen: { auth?: string | undefined; body?: unknown }[] = [];
let reply: (res: import("node:http").ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      reply(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/classify`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const input = {
  title: "T",
  lead: null,
  bodyHtml: "<p>x</p>",
  location: null,
  keywords: [],
  category: null,
  contactEmail: null,
  contactName: null,
  contactPhone: null,
  language: "de" as const,
  isDuplicateOfOtherNewsroom: false,
  images: [],
};
const json = (status: number, body: unknown) => (res: import("node:http").ServerResponse) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

describe("the HTTP classifier adapter", () => {
  it("posts the release with the key and model, and returns the model's verdict", async () => {
    reply = json(200, { result: "yellow", reasons: [{ code: "tone", severity: "yellow", message: "Salesy." }] });
    const result = await httpClassifier(url, "secret", "review-1", 5).classify(input);
    expect(result).toEqual({
      result: "yellow",
      reasons: [{ code: "tone", severity: "yellow", message: "Salesy." }],
      classifier: "http:review-1",
    });
    expect(seen.at(-1)).toEqual({ auth: "Bearer secret", body: { model: "review-1", input } });
  });

  it("fails on an error status, an answer of another shape, or a timeout; never a silent green", async () => {
    reply = json(503, { error: "busy" });
    await expect(httpClassifier(url, undefined, undefined, 5).classify(input)).rejects.toThrow(/503/);
    reply = json(200, { verdict: "ok" });
    await expect(httpClassifier(url, undefined, undefined, 5).classify(input)).rejects.toThrow();
    reply = () => {};
    await expect(httpClassifier(url, undefined, undefined, 1).classify(input)).rejects.toThrow(/timeout|aborted/i);
  });
});
