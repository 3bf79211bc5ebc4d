import { isLocalHost } from "@/lib/core/config/sites-env";
import { afterCommit } from "@/lib/core/db/after-commit";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { DATABASE_RETRY_AFTER_SECONDS, whenDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { readBodyBytes } from "@/lib/core/http/body";
import { checkOutboundUrl, type OutboundPolicy } from "@/lib/core/http/outbound";
import { MAX_OUTBOUND_URL_LENGTH } from "@/lib/core/http/outbound-address";
import { isAcceptableText } from "@/lib/core/input/text";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import type { WebsubMode } from "@/lib/generated/prisma/client";
import { callbackDomainOf, hostInDomain } from "./callback-domain";
import { verificationUrlLength } from "./hub-query";
import { sealSecret } from "@/lib/core/security/sealed-secret";
import { LEASE_SECONDS, MAX_SECRET_BYTES, outboundPolicy, SUBSCRIPTION_LIMITS } from "./settings";
import { currentTopicContent } from "./topic-content";
import { MAX_URL_CHARS, parseTopicUrl, topicUrl } from "./topics";

// The hub's door (WebSub 5.1): a subscriber POSTs hub.mode, hub.topic, hub.callback and, to
// subscribe, hub.lease_seconds and hub.secret as a form. What can be checked at once is checked
// here and refused with 400 and a short reason; an accepted request is answered 202 and its
// intent is verified with the callback by the distributor job (verify-intent.ts). Requests wait
// side by side: none cancels another before its callback confirmed it.

/** A request is a handful of short fields; anything larger is no subscription request. */
const MAX_BODY_BYTES = 16 * 1024;

/** The label hub.secret is sealed under (lib/core/security/sealed-secret.ts); bound to topic and callback. */
export const SECRET_LABEL = "websub/secret";
export const secretContext = (topic: string, callback: string) => `websub:${topic}\n${callback}`;

export interface HubRequest {
  mode: WebsubMode;
  /** The canonical topic URL (the feed's self URL). */
  topic: string;
  callback: string;
  callbackHost: string;
  /** Granted lease (subscribe only). */
  leaseSeconds: number | null;
  secret: string | null;
}

type Refusal = { refused: true; status: 400 | 429; message: string; retryAfter?: number };
const refuse = (message: string, status: 400 | 429 = 400, retryAfter?: number): Refusal => ({
  refused: true,
  status,
  message,
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/**
 * One value of a field: a field given twice is refused (which one would count?). URLs and words
 * lose surrounding blanks; a secret is taken as sent, since the subscriber signs with exactly it.
 */
function single(form: URLSearchParams, name: string): string | null | Refusal {
  const all = form.getAll(name);
  if (all.length > 1) return refuse(`${name} is given more than once.`);
  const value = name === "hub.secret" ? all[0] : all[0]?.trim();
  return value ? value : null;
}

const isRefusal = (v: unknown): v is Refusal => typeof v === "object" && v !== null && "refused" in v;

/** The lease a subscriber asked for, held to the hub's bounds; the default when it asked for none. */
export function grantedLease(raw: string | null): number | null {
  if (raw === null) return LEASE_SECONDS.default;
  if (!/^\d{1,12}$/.test(raw)) return null;
  return Math.min(LEASE_SECONDS.max, Math.max(LEASE_SECONDS.min, Number(raw)));
}

/** The fields of a request, checked; the topic must be one of our feeds and, to subscribe, exist now. */
export async function parseHubRequest(form: URLSearchParams, policy: OutboundPolicy): Promise<HubRequest | Refusal> {
  const fields = Object.fromEntries(
    ["hub.mode", "hub.topic", "hub.callback", "hub.lease_seconds", "hub.secret"].map((name) => [name, single(form, name)]),
  );
  const refused = Object.values(fields).find(isRefusal);
  if (refused) return refused;
  const get = (name: string) => fields[name] as string | null;
  for (const value of Object.values(fields))
    if (typeof value === "string" && !isAcceptableText(value)) return refuse("A field holds a character that is not allowed.");

  const mode = get("hub.mode");
  if (mode === null) return refuse("hub.mode is missing.");
  if (mode !== "subscribe" && mode !== "unsubscribe") return refuse("hub.mode must be subscribe or unsubscribe.");

  const rawTopic = get("hub.topic");
  if (rawTopic === null) return refuse("hub.topic is missing.");
  if (rawTopic.length > MAX_URL_CHARS) return refuse(`hub.topic is longer than ${MAX_URL_CHARS} characters.`);
  const feed = parseTopicUrl(rawTopic);
  if (!feed) return refuse("hub.topic is not a feed URL of this service (a portal's …/feed or …/feed.json).");

  const rawCallback = get("hub.callback");
  if (rawCallback === null) return refuse("hub.callback is missing.");
  if (rawCallback.length > MAX_URL_CHARS) return refuse(`hub.callback is longer than ${MAX_URL_CHARS} characters.`);
  const checked = checkOutboundUrl(rawCallback, policy);
  if (!checked.ok) return refuse(`hub.callback is refused: ${checked.message}`);
  const callbackUrl = new URL(checked.url);
  if (callbackUrl.hash) return refuse("hub.callback must not have a fragment.");

  let leaseSeconds: number | null = null;
  let secret: string | null = null;
  const topic = topicUrl(feed);
  if (mode === "subscribe") {
    leaseSeconds = grantedLease(get("hub.lease_seconds"));
    if (leaseSeconds === null) return refuse("hub.lease_seconds must be a whole number of seconds.");
    secret = get("hub.secret");
    if (secret !== null && Buffer.byteLength(secret, "utf8") > MAX_SECRET_BYTES)
      return refuse(`hub.secret is longer than ${MAX_SECRET_BYTES} bytes.`);
    // WebSub 5.1: a secret sent to an insecure callback would travel in the clear with every
    // signature check; only a callback on this very machine may, where loopback is allowed.
    if (secret !== null && callbackUrl.protocol !== "https:" && !(policy.allowLocalhost && isLocalHost(callbackUrl.host)))
      return refuse("hub.secret needs an https callback.");
  }
  // The hub's query makes the verification URL longer than the callback: one the outbound check
  // would refuse could never be verified.
  const length = verificationUrlLength({ mode, topic, callback: checked.url, leaseSeconds });
  if (length > MAX_OUTBOUND_URL_LENGTH)
    return refuse(
      `hub.callback is too long: with the hub's verification query it would be ${length} characters (at most ${MAX_OUTBOUND_URL_LENGTH}).`,
    );
  if (mode === "subscribe" && (await currentTopicContent(feed)).kind !== "ok") return refuse("hub.topic names no feed that exists now.");
  return {
    mode,
    topic,
    callback: checked.url,
    callbackHost: callbackUrl.host.toLowerCase(),
    leaseSeconds,
    secret,
  };
}

/**
 * Subscribers besides this pair (verified subscriptions still in their lease and subscribe
 * requests waiting for their verification, each pair once): of the topic, of the callback's
 * domain (callback-domain.ts: a host and its subdomains count together) and of both.
 */
export async function subscriptionCounts(client: DbOrTx, r: Pick<HubRequest, "topic" | "callback" | "callbackHost">, now = new Date()) {
  const inDomain = hostInDomain(callbackDomainOf(r.callbackHost).key);
  const [counts] = await client.$queryRaw<{ topic: number; host: number; topicHost: number }[]>`
    WITH pairs AS (
      SELECT topic, callback, callback_host FROM websub_subscriptions
      WHERE (topic = ${r.topic} OR ${inDomain}) AND expires_at > ${now}
      UNION
      SELECT topic, callback, callback_host FROM websub_verifications
      WHERE (topic = ${r.topic} OR ${inDomain}) AND status = 'pending' AND mode = 'subscribe'
    ), others AS (
      SELECT topic = ${r.topic} AS of_topic, ${inDomain} AS of_domain FROM pairs
      WHERE NOT (topic = ${r.topic} AND callback = ${r.callback})
    )
    SELECT count(*) FILTER (WHERE of_topic)::int AS topic,
           count(*) FILTER (WHERE of_domain)::int AS host,
           count(*) FILTER (WHERE of_topic AND of_domain)::int AS "topicHost"
    FROM others`;
  return counts!;
}

/** Why a subscribe would pass a limit; null when it fits. */
export async function limitReached(
  client: DbOrTx,
  r: Pick<HubRequest, "topic" | "callback" | "callbackHost">,
  now = new Date(),
): Promise<string | null> {
  const counts = await subscriptionCounts(client, r, now);
  const domain = callbackDomainOf(r.callbackHost);
  if (counts.topic >= SUBSCRIPTION_LIMITS.perTopic)
    return `This topic has the most subscriptions it takes (${SUBSCRIPTION_LIMITS.perTopic}).`;
  if (counts.host >= SUBSCRIPTION_LIMITS.perCallbackHost)
    return `This callback host has the most subscriptions it takes (${SUBSCRIPTION_LIMITS.perCallbackHost} for ${domain.key} with its subdomains).`;
  // A callback on this machine (development, tests) takes nobody's place.
  if (!domain.loopback && counts.topicHost >= SUBSCRIPTION_LIMITS.perTopicAndCallbackHost)
    return `This topic has the most subscriptions it takes from one domain (${SUBSCRIPTION_LIMITS.perTopicAndCallbackHost} for ${domain.key}).`;
  return null;
}

/**
 * Each request the hub takes makes it GET the callback: at most so many per callback domain,
 * whoever asks (rate limits websubVerifyTarget, websubVerifyTargetHourly). An unsubscribe counts
 * whether or not there is anything to end, so the answer tells nothing about that. A loopback
 * callback (only where allowed) is this machine, no third party.
 */
export async function throttleVerifications(r: HubRequest, policy: OutboundPolicy): Promise<Refusal | null> {
  const domain = callbackDomainOf(r.callbackHost);
  if (domain.loopback && policy.allowLocalhost) return null;
  for (const name of ["websubVerifyTarget", "websubVerifyTargetHourly"] as const) {
    const budget = await getLimiter(name).limit(domain.key);
    if (!budget.success)
      return refuse(`Too many requests for callbacks at ${domain.key}; try again later.`, 429, secondsUntil(budget.reset));
  }
  return null;
}

/** Whether an unsubscribe has anything to end: a subscription of the pair, or a subscribe waiting for its verification. */
export async function hasSomethingToEnd(client: DbOrTx, r: Pick<HubRequest, "topic" | "callback">): Promise<boolean> {
  const [row] = await client.$queryRaw<{ any: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM websub_subscriptions WHERE topic = ${r.topic} AND callback = ${r.callback})
        OR EXISTS (SELECT 1 FROM websub_verifications
                   WHERE topic = ${r.topic} AND callback = ${r.callback} AND mode = 'subscribe' AND status = 'pending') AS any`;
  return !!row?.any;
}

/**
 * Files a checked request for verification, beside any other still waiting for the same pair:
 * only a confirmed request changes the subscription, and of two confirmed the later request wins
 * (verify-intent.ts). An unsubscribe with nothing to end files nothing (null), and is answered as
 * any other: whether a callback is subscribed is nobody else's business. The verification runs
 * after the commit (the distributor job).
 */
export async function fileHubRequest(r: HubRequest, now = new Date()): Promise<{ id: number } | null | Refusal> {
  return db.$transaction(async (tx) => {
    if (r.mode === "subscribe") {
      const reason = await limitReached(tx, r, now);
      if (reason) return refuse(reason, 429);
    } else if (!(await hasSomethingToEnd(tx, r))) return null;
    const row = await tx.websubVerification.create({
      data: {
        mode: r.mode,
        topic: r.topic,
        callback: r.callback,
        callbackHost: r.callbackHost,
        leaseSeconds: r.leaseSeconds,
        secretSealed: r.secret === null ? null : sealSecret(SECRET_LABEL, r.secret, secretContext(r.topic, r.callback)),
        requestedAt: now,
      },
      select: { id: true },
    });
    await afterCommit(tx, () => dispatchJob(JOB.websubDistribute, { verification: row.id }, { key: `websub:verify:${row.id}` }));
    return row;
  });
}

const refusal = (r: Refusal) => text(r.status, r.message, r.retryAfter === undefined ? {} : { "retry-after": String(r.retryAfter) });

/** POST /websub on the hub host: a subscribe or unsubscribe request, throttled per client and per callback domain. */
export async function receiveHubRequest(request: Request): Promise<Response> {
  try {
    const budget = await getLimiter("websub").limit(clientKeyOf(request.headers));
    if (!budget.success)
      return text(429, "Too many requests from this address; try again later.", { "retry-after": String(secondsUntil(budget.reset)) });
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
      return text(400, "Send the request as application/x-www-form-urlencoded.");
    const body = await readBodyBytes(request, MAX_BODY_BYTES).catch(() => null);
    if (body === null) return text(400, `The request is larger than ${MAX_BODY_BYTES} bytes.`);
    const policy = outboundPolicy();
    const parsed = await parseHubRequest(new URLSearchParams(body.toString("utf8")), policy);
    if (isRefusal(parsed)) return refusal(parsed);
    const throttled = await throttleVerifications(parsed, policy);
    if (throttled) return refusal(throttled);
    const filed = await fileHubRequest(parsed);
    if (isRefusal(filed)) return refusal(filed);
    return text(202, "Accepted: the hub will verify this request with the callback.");
  } catch (err) {
    if (whenDatabaseUnavailable(err))
      return text(503, "The service is briefly unavailable; try again shortly.", { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) });
    throw err;
  }
}
