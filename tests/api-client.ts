import { documentedStatuses, ENDPOINTS, openApiDocument } from "@/lib/adapters/api/openapi";
import { ErrorBody } from "@/lib/adapters/api/schemas";

// A small API client driven by the OpenAPI file: it looks operations up by operationId, fills
// the path template and sends the request to the route module that serves the path, in
// process. Each response is checked against the schema the description promises.

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: [RegExp, () => Promise<Record<string, unknown>>][] = [
  [/^\/api\/v1\/newsrooms$/, () => import("@/app/api/v1/newsrooms/route")],
  [/^\/api\/v1\/newsrooms\/(?<id>[^/]+)\/members$/, () => import("@/app/api/v1/newsrooms/[id]/members/route")],
  [/^\/api\/v1\/categories$/, () => import("@/app/api/v1/categories/route")],
  [/^\/api\/v1\/releases$/, () => import("@/app/api/v1/releases/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)$/, () => import("@/app/api/v1/releases/[id]/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)\/submit$/, () => import("@/app/api/v1/releases/[id]/submit/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)\/images$/, () => import("@/app/api/v1/releases/[id]/images/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)\/images\/order$/, () => import("@/app/api/v1/releases/[id]/images/order/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)\/receipts$/, () => import("@/app/api/v1/releases/[id]/receipts/route")],
  [/^\/api\/v1\/releases\/(?<id>[^/]+)\/images\/(?<imageId>[^/]+)$/, () => import("@/app/api/v1/releases/[id]/images/[imageId]/route")],
  [/^\/api\/v1\/newsrooms\/(?<id>[^/]+)\/webhooks$/, () => import("@/app/api/v1/newsrooms/[id]/webhooks/route")],
  [/^\/api\/v1\/webhooks\/(?<id>[^/]+)$/, () => import("@/app/api/v1/webhooks/[id]/route")],
  [/^\/api\/v1\/webhooks\/(?<id>[^/]+)\/rotate-secret$/, () => import("@/app/api/v1/webhooks/[id]/rotate-secret/route")],
  [/^\/api\/v1\/webhooks\/(?<id>[^/]+)\/test$/, () => import("@/app/api/v1/webhooks/[id]/test/route")],
  [/^\/api\/v1\/webhooks\/(?<id>[^/]+)\/deliveries$/, () => import("@/app/api/v1/webhooks/[id]/deliveries/route")],
  [
    /^\/api\/v1\/webhooks\/(?<id>[^/]+)\/deliveries\/(?<deliveryId>[^/]+)\/resend$/,
    () => import("@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/resend/route"),
  ],
  [/^\/api\/v1\/legal\/acceptances$/, () => import("@/app/api/v1/legal/acceptances/route")],
  [/^\/service\/pressreleases$/, () => import("@/app/service/pressreleases/route")],
  [/^\/service\/pressreleases\/(?<id>[^/]+)$/, () => import("@/app/service/pressreleases/[id]/route")],
  [/^\/service\/pressreleases\/(?<id>[^/]+)\/images$/, () => import("@/app/service/pressreleases/[id]/images/route")],
];

/** A request exactly as a client sends it: raw body text and headers, no JSON encoding added. */
export async function sendRaw(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | FormData | Uint8Array } = {},
): Promise<Response> {
  const url = new URL(path, "http://hub.localhost:3000");
  for (const [re, load] of ROUTES) {
    const m = re.exec(url.pathname);
    if (!m) continue;
    const handler = (await load())[method.toUpperCase()] as Handler | undefined;
    if (!handler) return new Response(null, { status: 405 });
    const request = new Request(url, {
      method: method.toUpperCase(),
      headers: init.headers ?? {},
      ...(init.body !== undefined ? { body: init.body as BodyInit, duplex: "half" } : {}),
    } as RequestInit);
    return handler(request, { params: Promise.resolve({ ...m.groups }) });
  }
  throw new Error(`no route for ${url.pathname}`);
}

export async function send(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return sendRaw(method, path, { headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
}

/** A multipart request (the image upload), encoded by the platform as a client would. */
export async function sendForm(
  method: string,
  path: string,
  opts: { token?: string; form: FormData; headers?: Record<string, string> },
): Promise<Response> {
  const encoded = new Request("http://encode.invalid/", { method: "POST", body: opts.form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers: Record<string, string> = {
    "content-type": encoded.headers.get("content-type")!,
    "content-length": String(body.byteLength),
    ...opts.headers,
  };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return sendRaw(method, path, { headers, body });
}

export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

export function apiClient(token: string) {
  const doc = openApiDocument();
  const operations = new Map<string, { method: string; path: string }>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, { operationId?: string }>)) {
      if (op.operationId) operations.set(op.operationId, { method, path });
    }
  }
  return {
    doc,
    async call(
      operationId: string,
      c: Call = {},
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked against the schemas, tests read them freely
    ): Promise<{ status: number; body: any; headers: Headers }> {
      const op = operations.get(operationId);
      if (!op) throw new Error(`the description has no operation ${operationId}`);
      const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(c.params?.[k])));
      const qs = new URLSearchParams(Object.entries(c.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
      const res = await send(op.method, qs ? `${path}?${qs}` : path, { token, body: c.body, ...(c.headers ? { headers: c.headers } : {}) });
      const text = await res.text();
      const body = text ? JSON.parse(text) : null;
      const endpoint = ENDPOINTS.find((e) => e.operationId === operationId)!;
      // The documented shape, success or error, is what came back.
      if (res.status === endpoint.ok.status) endpoint.ok.schema?.parse(body);
      else if (!documentedStatuses(endpoint).includes(res.status))
        throw new Error(`${operationId} answered ${res.status}, which the description does not list: ${text}`);
      else ErrorBody.parse(body);
      return { status: res.status, body, headers: res.headers };
    },
  };
}
