import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  key: string | null;
  id: string;
  body: {
    from: string;
    to: string[];
    subject: string;
    html?: string;
    text?: string;
    headers?: Record<string, string>;
    attachments?: unknown[];
  };
}

/**
 * A local stand-in for Resend's API that the real SDK talks to (RESEND_BASE_URL): it records
 * every accepted mail, honours Idempotency-Key as Resend does (a repeat returns the first
 * answer and delivers nothing), and fails on demand: before accepting (the provider is down)
 * or after accepting (the answer is lost, so the sender must retry with the same key).
 */
export class FakeResend {
  readonly delivered: ReceivedMail[] = [];
  readonly byKey = new Map<string, string>();
  requests = 0;
  failRate = 0;
  /** Of the failures, the share that happens after the mail was accepted. */
  lostAnswerShare = 0.5;
  /** A status to answer every request with (e.g. 403 for a relay refusal), or null. */
  forceStatus: number | null = null;
  onRequest: ((n: number) => void) | null = null;
  private server: Server | null = null;
  private random: () => number = Math.random;

  /** Benchmarks count deliveries without keeping every mail in memory. */
  private readonly keepBodies: boolean;

  constructor(opts: { seed?: number; keepBodies?: boolean } = {}) {
    this.keepBodies = opts.keepBodies ?? true;
    if (opts.seed !== undefined) {
      let s = opts.seed >>> 0;
      this.random = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    }
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.requests++;
        this.onRequest?.(this.requests);
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        };
        if (req.method !== "POST" || req.url !== "/emails") return reply(404, { statusCode: 404, name: "not_found", message: "no route" });
        if (this.forceStatus)
          return reply(this.forceStatus, { statusCode: this.forceStatus, name: "restricted_api_key", message: "forced" });
        const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
        const failing = this.random() < this.failRate;
        const afterAccept = failing && this.random() < this.lostAnswerShare;
        if (failing && !afterAccept) return reply(503, { statusCode: 503, name: "internal_server_error", message: "down" });
        let id = key ? this.byKey.get(key) : undefined;
        if (!id) {
          id = randomUUID();
          if (key) this.byKey.set(key, id);
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ReceivedMail["body"];
          this.delivered.push({ key, id, body: this.keepBodies ? body : { from: body.from, to: body.to, subject: body.subject } });
        }
        if (afterAccept) return reply(500, { statusCode: 500, name: "internal_server_error", message: "answer lost" });
        reply(200, { id });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  deliveredTo(address: string): ReceivedMail[] {
    return this.delivered.filter((m) => m.body.to.includes(address));
  }
}
