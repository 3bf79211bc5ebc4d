import { Webhook } from "standardwebhooks";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { isLoopbackPeer } from "@/lib/core/security/client-ip";
import { openSigningSecret } from "./secrets";

// The local webhook inspector of the embedded default (docs/webhooks.md): a receiver on this
// machine that keeps the last deliveries in memory and checks their signatures against the
// endpoints that point at it, so a newcomer sees real messages without a server of their own.
// Like the local mailbox it exists only where webhooks may go to localhost (never in production)
// and only for requests from this machine.

export const INSPECTOR_INBOX_PATH = "/dev/webhooks/inbox";
/** What is kept of a body; a larger one is cut and not verified. */
export const INSPECTOR_BODY_LIMIT = 64 * 1024;
const CAPACITY = 200;
/** Headers worth showing: the Standard Webhooks ones and what says what the body is. */
const KEPT_HEADERS = /^(webhook-|content-type$|user-agent$)/;

export type SignatureVerdict = { valid: true; endpointId: number } | { valid: false; reason: string };

export interface InspectedDelivery {
  seq: number;
  receivedAt: Date;
  method: string;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  webhookId: string | null;
  eventType: string | null;
  verdict: SignatureVerdict;
}

// Next bundles the inbox's route handler and the inspector page separately: the buffer lives on
// globalThis under a registered symbol, so both see the same one in this process.
const STORE = Symbol.for("pressdesk.webhookInspector");
interface Store {
  seq: number;
  entries: InspectedDelivery[];
}
function store(): Store {
  const holder = globalThis as unknown as { [STORE]?: Store };
  return (holder[STORE] ??= { seq: 0, entries: [] });
}

/** Open only where webhooks may go to localhost (the embedded default) and only to a client on this machine; otherwise 404. */
export function isWebhookInspectorOpenTo(headers: Headers): boolean {
  return getConfig().webhooks.allowLocalhost && isLoopbackPeer(headers);
}

/** The address to paste into an endpoint: localhost on the port the request came in on, a name every machine resolves. */
export function inspectorInboxUrl(requestHost: string | null): string {
  const port = /:(\d{1,5})$/.exec(requestHost ?? "")?.[1];
  return `http://localhost${port ? `:${port}` : ""}${INSPECTOR_INBOX_PATH}`;
}

/** The deliveries received, newest first. */
export function listInspectedDeliveries(): InspectedDelivery[] {
  return [...store().entries];
}

/** Only for tests: an empty inbox. */
export function clearInspectorForTests(): void {
  const s = store();
  s.entries = [];
}

const REASONS: Record<string, string> = {
  "Missing required headers": "Die Kopfzeilen webhook-id, webhook-timestamp oder webhook-signature fehlen.",
  "Invalid Signature Headers": "webhook-timestamp ist keine Zahl.",
  "Message timestamp too old": "webhook-timestamp liegt mehr als 5 Minuten zurück.",
  "Message timestamp too new": "webhook-timestamp liegt mehr als 5 Minuten in der Zukunft.",
};

/** The secrets that sign for the endpoints whose URL is this inbox: each current one and a previous one still in its 24 hours. */
async function candidateSecrets(inboxUrl: string, now: Date): Promise<{ endpointId: number; secrets: string[] }[]> {
  const prefixes = [inboxUrl, inboxUrl.replace(/^http:/, "https:")];
  const rows = await db.webhookEndpoint.findMany({
    where: { deletedAt: null, OR: prefixes.map((p) => ({ url: { startsWith: p } })) },
    select: { id: true, url: true, secretSealed: true, previousSecretSealed: true, previousSecretExpiresAt: true },
    orderBy: { id: "desc" },
    take: 50,
  });
  const out: { endpointId: number; secrets: string[] }[] = [];
  for (const row of rows) {
    // startsWith may read _ and % as patterns; the prefix itself decides.
    if (!prefixes.some((p) => row.url.startsWith(p))) continue;
    const secrets: string[] = [];
    try {
      secrets.push(openSigningSecret(row.secretSealed, row.id));
      if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now)
        secrets.push(openSigningSecret(row.previousSecretSealed, row.id));
    } catch {
      // A secret sealed under another APP_KEY signs nothing here.
    }
    out.push({ endpointId: row.id, secrets });
  }
  return out;
}

/** Checks a delivery's signature the way a receiver would, with every secret of every endpoint that points at this inbox. */
export async function verifyInspectedDelivery(opts: {
  inboxUrl: string;
  body: Uint8Array;
  headers: Record<string, string>;
  truncated: boolean;
  now?: Date;
}): Promise<SignatureVerdict> {
  if (opts.truncated) return { valid: false, reason: `Nicht geprüft: Die Nachricht ist größer als ${INSPECTOR_BODY_LIMIT / 1024} KiB.` };
  const endpoints = await candidateSecrets(opts.inboxUrl, opts.now ?? new Date());
  if (!endpoints.length) return { valid: false, reason: `Kein Endpunkt hat ${opts.inboxUrl} als URL.` };
  for (const { endpointId, secrets } of endpoints) {
    for (const secret of secrets) {
      try {
        new Webhook(secret).verify(opts.body, opts.headers, { jsonParse: false });
        return { valid: true, endpointId };
      } catch (err) {
        // Headers and timestamp are the same for every secret: the first such refusal is the answer.
        if (err instanceof Error && REASONS[err.message]) return { valid: false, reason: REASONS[err.message]! };
      }
    }
  }
  const ids = endpoints.map((e) => `#${e.endpointId}`).join(", ");
  return {
    valid: false,
    reason: `Keine Signatur passt zu einem Secret ${endpoints.length === 1 ? "des Endpunkts" : "der Endpunkte"} ${ids}.`,
  };
}

/** Keeps one received delivery (the newest 200 stay) with the verdict on its signature. */
export async function receiveInspectedDelivery(opts: {
  method: string;
  headers: Headers;
  body: Uint8Array;
  truncated: boolean;
  inboxUrl: string;
  now?: Date;
}): Promise<InspectedDelivery> {
  const headers: Record<string, string> = {};
  opts.headers.forEach((value, name) => {
    if (KEPT_HEADERS.test(name)) headers[name] = value.slice(0, 2_000);
  });
  const verdict = await verifyInspectedDelivery({
    inboxUrl: opts.inboxUrl,
    body: opts.body,
    headers,
    truncated: opts.truncated,
    now: opts.now,
  });
  const body = Buffer.from(opts.body).toString("utf8");
  let eventType: string | null = null;
  try {
    const type = (JSON.parse(body) as { type?: unknown }).type;
    if (typeof type === "string") eventType = type.slice(0, 100);
  } catch {
    // Not JSON (or cut off): shown as it came.
  }
  const s = store();
  const entry: InspectedDelivery = {
    seq: ++s.seq,
    receivedAt: opts.now ?? new Date(),
    method: opts.method,
    headers,
    body,
    truncated: opts.truncated,
    webhookId: headers["webhook-id"] ?? null,
    eventType,
    verdict,
  };
  s.entries = [entry, ...s.entries].slice(0, CAPACITY);
  return entry;
}

/** Reads a request body up to the limit; what is beyond it is not read into memory. */
export async function readLimitedBody(stream: ReadableStream<Uint8Array> | null): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (!stream) return { body: new Uint8Array(), truncated: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = INSPECTOR_BODY_LIMIT - size;
    if (value.length > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { body: Buffer.concat(chunks), truncated };
}
