// Calls a reader page's route handler as a request reaches it (after the middleware's rewrite).

type Handler = (request: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

export async function visitReaderPage(
  handler: Handler,
  params: Record<string, string | string[] | undefined>,
  query: Record<string, string | string[]> = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const url = new URL("http://business.localhost:3000/x");
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) url.searchParams.append(key, v);
  const res = await handler(new Request(url), { params: Promise.resolve(params) });
  return { status: res.status, html: await res.text(), headers: res.headers };
}
