import NextAuth from "next-auth";
import { headers } from "next/headers";
import { accountRetryAfterSeconds, loginRetryAfterSeconds } from "@/lib/domains/accounts/passwords/login-failures";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { LOGIN_ERROR } from "@/lib/domains/auth/next-auth/login-error-codes";
import { getAuthOptions } from "@/lib/domains/auth/next-auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = (req: Request, ctx: Context) => NextAuth(getAuthOptions())(req, ctx);

export const GET = handler;

/** The address the password form named, read from a copy of the request before next-auth reads it. */
async function emailOf(req: Request): Promise<string> {
  const form = await req.formData().catch(() => null);
  const email = form?.get("email");
  return typeof email === "string" ? email.slice(0, 320) : "";
}

/**
 * A sign-in refused by the login throttle (the address) or the slowdown (the account) answers
 * 429 with Retry-After (docs/authentication.md); next-auth itself would say 401 like for a wrong
 * password.
 */
export async function POST(req: Request, ctx: Context): Promise<Response> {
  const copy = req.clone();
  const response: Response = await handler(req, ctx);
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("json")) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { url?: string } | null;
  const error = body?.url ? new URL(body.url, "http://x").searchParams.get("error") : null;
  let retryAfter: number | null;
  if (error === LOGIN_ERROR.throttled) retryAfter = await loginRetryAfterSeconds(clientContextOf(await headers()).ip);
  else if (error === LOGIN_ERROR.slowed) retryAfter = await accountRetryAfterSeconds(await emailOf(copy));
  else return response;
  const out = new Response(response.body, { status: 429, headers: response.headers });
  // No marker: a check of the same account was running (a second's wait), or the block just ended.
  out.headers.set("retry-after", String(retryAfter ?? 1));
  return out;
}
