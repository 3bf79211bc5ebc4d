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
 * (cachedPublic), and returns the answer with those facts. Nothing of a failed render is kept.
 */
export async function renderWithFacts(
  id: string,
  request: Request,
  render: PageRender,
): Promise<{ rendered: RenderedAnswer; facts: RenderFacts }> {
  await openRenderFacts(id);
  let response: Response;
  let body: string;
  try {
    response = await withinRender(id, () => render(request));
    body = await response.text();
  } catch (err) {
    await takeRenderFacts(id);
    throw err;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { rendered: { status: response.status, headers, body }, facts: await takeRenderFacts(id) };
}
