/**
 * A link placed in a mail: `?src=<mail type>` (and `&pr=<release id>` for a release) lets the
 * middleware record the first visit through a mail link (spec 6.1, conversion stage 1).
 */
export function mailLink(url: string, opts: { src: string; releaseId?: number | null }): string {
  const u = new URL(url);
  u.searchParams.set("src", opts.src);
  if (opts.releaseId) u.searchParams.set("pr", String(opts.releaseId));
  return u.toString();
}
