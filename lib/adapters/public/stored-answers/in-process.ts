import type { RenderedAnswer } from "./internal-render";
import { openRenderFacts, takeRenderFacts, withinRender, type RenderFacts } from "./render-facts";
import type { StorableAnswer } from "./storable";

/** A reader page's handler, called with a request for the stored path alone. */
export type PageRender = (request: Request) => Promise<Response>;

/**
 * The reader pages the middleware renders in its own process on a miss (components/portal/
 * in-process-pages.ts): release pages, the long tail a crawler sweeps. One render there skips a
 * request to this server and a second pass through the framework's routing.
 */
export type InProcessPages = (storable: StorableAnswer) => PageRender | null;

/**
 * Renders `request` under render id `id`, so every public read notes its tags there
 * (cachedPublic), and returns the answer with those facts. Nothing of a failed render is kept;
 * one that takes longer than `timeoutMs`, where given, fails (a database that hangs must not hold
 * the render slots, nor outlive the facts its reads noted).
 */
export async function renderWithFacts(
  id: string,
  request: Request,
  render: PageRender,
  timeoutMs?: number,
): Promise<{ rendered: RenderedAnswer; responseHeaders: Headers; facts: RenderFacts }> {
  await openRenderFacts(id);
  let response: Response;
  let body: string;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut =
      timeoutMs === undefined
        ? null
        : new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("render timed out")), timeoutMs);
          });
    const inTime = <T>(work: Promise<T>) => (timedOut ? Promise.race([work, timedOut]) : work);
    response = await inTime(withinRender(id, () => render(request)));
    body = await inTime(response.text());
  } catch (err) {
    await takeRenderFacts(id);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  // The response's own headers too: a record keeps one Set-Cookie of several.
  return { rendered: { status: response.status, headers, body }, responseHeaders: response.headers, facts: await takeRenderFacts(id) };
}
