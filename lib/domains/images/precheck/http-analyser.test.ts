import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpAnalyser } from "./http-analyser";
import { PRECHECK_CATEGORIES } from "./types";

// A real HTTP server stands in for the vision model's chat-completions endpoint.
let server: Server;
let url: string;
const seen: { auth?: string | undefined; body: Record<string, unknown> }[] = [];
let reply: (res: ServerResponse) => void = () => {};

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
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const input = { jpeg: Buffer.from([0xff, 0xd8, 0xff]), dataUri: "data:image/jpeg;base64,/9j/" };
const json = (status: number, body: unknown) => (res: ServerResponse) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const chat = (content: string) =>
  json(200, {
    id: "c1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
const allScores = Object.fromEntries(PRECHECK_CATEGORIES.map((c, i) => [c, i / 10]));

describe("the HTTP vision-model adapter", () => {
  it("sends the image as a data URI with a JSON-only instruction, and returns the model's scores", async () => {
    reply = chat(JSON.stringify({ scores: allScores }));
    const analyser = httpAnalyser({ url, apiKey: "secret", model: "vision-1", timeoutSeconds: 5 });
    expect(analyser.name).toBe("http:vision-1");
    expect(await analyser.analyse(input)).toEqual(allScores);
    const { auth, body } = seen.at(-1)!;
    expect(auth).toBe("Bearer secret");
    expect(body).toMatchObject({ model: "vision-1", response_format: { type: "json_object" } });
    const messages = body.messages as { role: string; content: unknown }[];
    expect(messages[0]).toMatchObject({ role: "system", content: expect.stringContaining('{"scores"') });
    expect(messages[1]!.content).toContainEqual({ type: "image_url", image_url: { url: input.dataUri } });
    for (const c of PRECHECK_CATEGORIES) expect(messages[0]!.content).toContain(c);
  });

  it("sends no key when none is set and is named after the host without a model", async () => {
    reply = chat(JSON.stringify({ scores: allScores }));
    const analyser = httpAnalyser({ url, timeoutSeconds: 5 });
    expect(analyser.name).toBe(`http:${new URL(url).host}`);
    await analyser.analyse(input);
    expect(seen.at(-1)!.auth).toBeUndefined();
  });

  it.each([
    ["content that is not JSON", chat("The image looks fine.")],
    ["a score out of range", chat(JSON.stringify({ scores: { ...allScores, watermark: 1.5 } }))],
    ["a score that is a string", chat(JSON.stringify({ scores: { ...allScores, nudity: "0.1" } }))],
    ["a missing category", chat(JSON.stringify({ scores: { ...allScores, people: undefined } }))],
    ["an unknown category", chat(JSON.stringify({ scores: { ...allScores, cats: 0.9 } }))],
    ["no scores object", chat(JSON.stringify(allScores))],
    ["no chat completion", json(200, { scores: allScores })],
    ["an empty choices list", json(200, { choices: [] })],
    ["a body that is not JSON", (res: ServerResponse) => res.writeHead(200, { "content-type": "application/json" }).end("{oops")],
  ])("throws on a malformed answer: %s", async (_label, answer) => {
    reply = answer;
    await expect(httpAnalyser({ url, timeoutSeconds: 5 }).analyse(input)).rejects.toThrow(/image precheck model/);
  });

  it("throws on an error status", async () => {
    reply = json(500, { error: { message: "overloaded" } });
    await expect(httpAnalyser({ url, timeoutSeconds: 5 }).analyse(input)).rejects.toThrow(/answered 500/);
  });

  it("throws on a timeout", async () => {
    reply = () => {};
    const started = Date.now();
    await expect(httpAnalyser({ url, timeoutSeconds: 0.3 }).analyse(input)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
