import NextAuth from "next-auth";
import { headers } from "next/headers";
import { loginRetryAfterSeconds } from "@/lib/auth/login/login-failures";
import { clientContextOf } from "@/lib/auth/next-auth/client-context";
import { LOGIN_ERROR } from "@/lib/auth/next-auth/login-error-codes";
import { getAuthOptions } from "@/lib/auth/next-auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = (req: Request, ctx: Context) => NextAuth(getAuthOptions())(req, ctx);

export const GET = handler;

/**
 * A sign-in refused by the login throttle answers 429 with Retry-After (docs/authentication.md);
 * next-auth itself would say 401 like for a wrong password.
 */
export async function POST(req: Request, ctx: Context): Promise<Response> {
  const response: Response = await handler(req, ctx);
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { url?: string } | null;
  if (!body?.url || new URL(body.url, "http://x").searchParams.get("error") !== LOGIN_ERROR.throttled) return response;
  const retryAfter = (await loginRetryAfterSeconds(clientContextOf(await headers()).ip)) ?? 60;
  const out = new Response(response.body, { status: 429, headers: response.headers });
  out.headers.set("retry-after", String(retryAfter));
  return out;
}
