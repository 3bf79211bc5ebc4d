import type { z } from "zod";
import { getLimiter, secondsUntil, type LimitResult } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import type { PolicyName } from "@/lib/core/ratelimit/policies";
import { unacceptableTextIssues } from "@/lib/core/input/text";
import { readBodyText } from "./body";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { toErrorResponse } from "./problem";

export type AuthKind = "none" | "token" | "session";

/** Who is calling, as an auth resolver found out. `id` keys the rate limit. */
export interface Principal {
  kind: Exclude<AuthKind, "none">;
  id: string;
  userId: number;
  [extra: string]: unknown;
}

export type AuthResolver = (request: Request) => Promise<Principal>;
const resolvers = new Map<AuthKind, AuthResolver>();

/** Token and session resolvers are registered by the auth modules. */
export function registerAuthResolver(kind: Exclude<AuthKind, "none">, resolver: AuthResolver): void {
  resolvers.set(kind, resolver);
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteOptions<P, Q, B> {
  /**
   * The handler's route pattern, its folder under app/ (`/api/v1/releases/[id]`): names the route
   * in error-tracker signals. Never derived from the request's path, which the client chooses.
   */
  route: string;
  auth?: AuthKind;
  rateLimit?: PolicyName;
  params?: P;
  query?: Q;
  body?: B;
  maxBodyBytes?: number;
}

export interface RouteContext<P, Q, B> {
  request: Request;
  requestId: string;
  principal: Principal | null;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

type NextContext = { params: Promise<Record<string, string | string[]>> };

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export function rateLimitHeaders(r: LimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(Math.ceil(r.reset / 1000)),
  };
  // Seconds, never milliseconds (RFC 9110).
  if (!r.success) headers["Retry-After"] = String(secondsUntil(r.reset));
  return headers;
}

async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new AppError("unsupported_media_type", "Send the body as application/json.");
  const text = await readBodyText(request, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

/** A query or body: text that cannot be stored is refused before the schema or any query sees it (lib/core/input/text.ts). */
function parseInput(schema: Schema, raw: unknown): unknown {
  const issues = unacceptableTextIssues(raw);
  if (issues.length) throw new AppError("validation_failed", "The request contains text that cannot be stored.", undefined, issues);
  return schema.parse(raw);
}

/** Path parameters that do not parse name no resource: 404, like an unknown id. */
function parseParams(schema: Schema, raw: Record<string, string | string[]>): unknown {
  const parsed = unacceptableTextIssues(raw).length ? null : schema.safeParse(raw);
  if (!parsed?.success) throw notFound("No such resource.");
  return parsed.data;
}

/**
 * One wrapper for every API handler: request id, authentication, rate limit, zod parsing of
 * params, query and body, and the one error mapping. The handler only does its domain call.
 */
export function apiRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(options: RouteOptions<P, Q, B>, handler: (ctx: RouteContext<P, Q, B>) => Promise<Response>) {
  return async (request: Request, next?: NextContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    let limitHeaders: Record<string, string> = {};
    try {
      let principal: Principal | null = null;
      const auth = options.auth ?? "none";
      if (auth !== "none") {
        const resolver = resolvers.get(auth);
        // A route that asks for authentication never runs without it.
        if (!resolver) throw new Error(`no auth resolver registered for "${auth}"`);
        principal = await resolver(request);
      }
      if (options.rateLimit) {
        const key = principal ? `${principal.kind}:${principal.id}` : `ip:${clientKeyOf(request.headers)}`;
        const result = await getLimiter(options.rateLimit).limit(key);
        limitHeaders = rateLimitHeaders(result);
        if (!result.success) throw new AppError("rate_limited", "Too many requests. Try again later.");
      }
      const rawParams = next ? await next.params : {};
      const url = new URL(request.url);
      const ctx = {
        request,
        requestId,
        principal,
        params: options.params ? parseParams(options.params, rawParams) : undefined,
        query: options.query ? parseInput(options.query, Object.fromEntries(url.searchParams)) : undefined,
        body: options.body ? parseInput(options.body, await readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) : undefined,
      } as RouteContext<P, Q, B>;
      const response = await handler(ctx);
      response.headers.set("x-request-id", requestId);
      for (const [k, v] of Object.entries(limitHeaders)) response.headers.set(k, v);
      return response;
    } catch (err) {
      return toErrorResponse(err, requestId, limitHeaders, options.route);
    }
  };
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  return Response.json(data, { ...init, headers: { "cache-control": "no-store", ...init.headers } });
}
