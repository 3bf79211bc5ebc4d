import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Stripe's API, so the real Stripe SDK runs its own request code against
// it (host, port and protocol come from STRIPE_API_*). It answers the calls the service makes
// and records them for assertions. Never the network.

export interface RecordedCall {
  method: string;
  path: string;
  /** Form-encoded body as Stripe's SDK sends it, decoded to flat bracket keys. */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  port: number;
  calls: RecordedCall[];
  /** PDF bytes served for a provider invoice id, and how often each was fetched. */
  pdfs: Map<string, Uint8Array>;
  pdfFetches: Map<string, number>;
  close(): Promise<void>;
  env(): Record<string, string>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeStripe(webhookSecret = "whsec_test_local_fake"): Promise<FakeStripe> {
  const calls: RecordedCall[] = [];
  const pdfs = new Map<string, Uint8Array>();
  const pdfFetches = new Map<string, number>();
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await bodyOf(req);
    const params = Object.fromEntries(new URLSearchParams(raw));
    calls.push({
      method: req.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
      res.end(JSON.stringify(body));
    };
    const port = (server.address() as AddressInfo).port;
    let m: RegExpExecArray | null;
    if (req.method === "POST" && url.pathname === "/v1/customers")
      return json(200, { id: `cus_fake_${++n}`, object: "customer", email: params.email ?? null, metadata: {} });
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_fake_${++n}`;
      return json(200, { id, object: "checkout.session", mode: params.mode, url: `https://checkout.stripe.com/c/pay/${id}`, metadata: {} });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions")
      return json(200, { id: `bps_${++n}`, object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test" });
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname))) {
      return json(200, {
        id: m[1],
        object: "subscription",
        status: req.method === "DELETE" ? "canceled" : "active",
        cancel_at_period_end: params.cancel_at_period_end === "true",
      });
    }
    if (req.method === "GET" && (m = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname)))
      return json(200, { id: m[1], object: "invoice", invoice_pdf: `http://127.0.0.1:${port}/pdf/${m[1]}` });
    if (req.method === "GET" && (m = /^\/pdf\/([^/]+)$/.exec(url.pathname))) {
      const bytes = pdfs.get(m[1]!);
      if (!bytes) return json(404, { error: { message: "no such file" } });
      pdfFetches.set(m[1]!, (pdfFetches.get(m[1]!) ?? 0) + 1);
      res.writeHead(200, { "content-type": "application/pdf" });
      return res.end(Buffer.from(bytes));
    }
    json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    calls,
    pdfs,
    pdfFetches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    env: () => ({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    }),
  };
}
