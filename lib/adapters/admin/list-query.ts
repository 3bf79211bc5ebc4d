import { withoutUnstorableChars } from "@/lib/core/input/text";

// The query string of the admin area's search screens (releases, newsrooms, users): plain GET
// forms, so a view is a link that can be shared and reloaded. Whatever a browser sends is read
// leniently: an unknown value falls back to "all", never to an error page.

export type SearchParams = Record<string, string | string[] | undefined>;

/** Search words are at most this long: longer input is cut, not refused. */
export const ADMIN_SEARCH_MAX = 200;
/** Deeper pages hold nothing an editor looks for; the bound keeps OFFSET sane. */
export const ADMIN_MAX_PAGE = 10_000;

/** The first value of a parameter, or "". */
export function oneParam(params: SearchParams, name: string): string {
  const v = params[name];
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

/**
 * Free text of a parameter as read: what PostgreSQL cannot hold (NUL, lone surrogates) is
 * dropped, the rest trimmed and cut. Every typed value that reaches a query goes through here.
 */
export function textParam(params: SearchParams, name: string, max: number): string {
  return withoutUnstorableChars(oneParam(params, name).slice(0, max)).trim();
}

/** Search words as read (textParam, up to ADMIN_SEARCH_MAX). */
export function searchWords(params: SearchParams, name = "q"): string {
  return textParam(params, name, ADMIN_SEARCH_MAX);
}

/** A page number from 1 to ADMIN_MAX_PAGE; anything else is page 1. */
export function pageParam(params: SearchParams): number {
  const raw = oneParam(params, "page");
  return /^[1-9][0-9]{0,4}$/.test(raw) ? Math.min(Number(raw), ADMIN_MAX_PAGE) : 1;
}

/** One of `allowed`, or undefined ("all"). */
export function choiceParam<T extends string>(params: SearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = oneParam(params, name);
  return (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** The same view on another page, as a link: empty values are left out. */
export function listHref(path: string, query: Record<string, string | number | undefined>, page: number): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") p.set(k, String(v));
  if (page > 1) p.set("page", String(page));
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}
