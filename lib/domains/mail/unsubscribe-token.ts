import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";
import { siteOrigin } from "@/lib/domains/sites/urls";
import { getSiteHosts } from "@/lib/domains/sites/hosts";
import { UNSUBSCRIBE_SCOPES, type UnsubscribeScope } from "./mail-types";
import { normalizeAddress } from "./suppression";

// An unsubscribe link carries the signed recipient address and scope (spec 6.3), so it works
// without a session or cookie (RFC 8058 one-click) and nobody can unsubscribe someone else.
interface Payload {
  e: string;
  s: UnsubscribeScope;
}

function mac(body: string): string {
  return createHmac("sha256", derivedKey(getConfig().security.appKey, "unsubscribe-link")).update(body).digest("base64url").slice(0, 32);
}

export function signUnsubscribeToken(email: string, scope: UnsubscribeScope): string {
  const body = Buffer.from(JSON.stringify({ e: normalizeAddress(email), s: scope } satisfies Payload)).toString("base64url");
  return `${body}.${mac(body)}`;
}

export function verifyUnsubscribeToken(token: string | null | undefined): { email: string; scope: UnsubscribeScope } | null {
  const m = /^([A-Za-z0-9_-]{1,1400})\.([A-Za-z0-9_-]{32})$/.exec(token ?? "");
  if (!m) return null;
  const expected = Buffer.from(mac(m[1]!));
  if (!timingSafeEqual(expected, Buffer.from(m[2]!))) return null;
  try {
    const p = JSON.parse(Buffer.from(m[1]!, "base64url").toString("utf8")) as Partial<Payload>;
    if (typeof p.e !== "string" || !p.e.includes("@") || !UNSUBSCRIBE_SCOPES.includes(p.s as UnsubscribeScope)) return null;
    return { email: p.e, scope: p.s as UnsubscribeScope };
  } catch {
    return null;
  }
}

/** The visible link in a mail: a page that names what stops and asks for one click. */
export function unsubscribeUrl(email: string, scope: UnsubscribeScope): string {
  return `${siteOrigin("hub", getSiteHosts())}/unsubscribe?t=${signUnsubscribeToken(email, scope)}`;
}

/** The List-Unsubscribe target (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to it, without cookies. */
export function oneClickUnsubscribeUrl(email: string, scope: UnsubscribeScope): string {
  return `${siteOrigin("hub", getSiteHosts())}/api/unsubscribe?t=${signUnsubscribeToken(email, scope)}`;
}
