import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import { InspectionStopError } from "./types";

// OAuth 2.0 for a service account (RFC 7523 JWT bearer grant): an RS256-signed assertion,
// exchanged at the account's token_uri for an access token, kept until shortly before expiry.

export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";
/** Renew this long before the token runs out, so a request never carries an expired one. */
const RENEW_BEFORE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** SEARCH_CONSOLE_CREDENTIALS: the key file's JSON itself, or a path to it. */
export function parseServiceAccount(value: string): ServiceAccount {
  const json = value.trimStart().startsWith("{") ? value : readKeyFile(value);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new InspectionStopError("SEARCH_CONSOLE_CREDENTIALS is not a service account key (JSON expected)", "auth");
  }
  const clientEmail = parsed.client_email;
  const privateKey = parsed.private_key;
  if (typeof clientEmail !== "string" || typeof privateKey !== "string" || !clientEmail || !privateKey.includes("PRIVATE KEY")) {
    throw new InspectionStopError("SEARCH_CONSOLE_CREDENTIALS lacks client_email or private_key", "auth");
  }
  return {
    clientEmail,
    privateKey,
    tokenUri: typeof parsed.token_uri === "string" && parsed.token_uri ? parsed.token_uri : GOOGLE_TOKEN_URI,
  };
}

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    throw new InspectionStopError("SEARCH_CONSOLE_CREDENTIALS names no readable key file", "auth");
  }
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

/** The signed assertion; valid for the hour Google allows at most. */
export function signAssertion(account: ServiceAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(
    JSON.stringify({ iss: account.clientEmail, scope: SEARCH_CONSOLE_SCOPE, aud: account.tokenUri, iat, exp: iat + 3600 }),
  );
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.privateKey);
  return `${header}.${claims}.${b64url(signature)}`;
}

export class AccessTokenSource {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly account: ServiceAccount) {}

  async get(nowMs = Date.now()): Promise<string> {
    if (this.token && this.token.expiresAt - RENEW_BEFORE_MS > nowMs) return this.token.value;
    const body = new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: signAssertion(this.account, nowMs),
    });
    let res: Response;
    try {
      res = await fetch(this.account.tokenUri, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new InspectionStopError(`token endpoint unreachable: ${err instanceof Error ? err.message : String(err)}`, "auth");
    }
    const json = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!res.ok || typeof json?.access_token !== "string")
      throw new InspectionStopError(`token refused (HTTP ${res.status})`, "auth", res.status);
    const seconds = typeof json.expires_in === "number" ? json.expires_in : 3600;
    this.token = { value: json.access_token, expiresAt: nowMs + seconds * 1000 };
    return this.token.value;
  }

  /** After a 401 the cached token is no good; the next request fetches a new one. */
  forget(): void {
    this.token = undefined;
  }
}
