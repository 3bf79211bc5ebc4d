import type { ReactElement } from "react";

/**
 * A whole HTML document from a React tree, for the preview's route handlers (a page could not
 * answer 410). Loaded when first needed, as the mail templates' renderer loads it: Next keeps
 * react-dom/server out of server components, and a route handler is one.
 */
export async function renderDocument(element: ReactElement): Promise<string> {
  const { renderToReadableStream } = await import("react-dom/server");
  // Without Suspense in the tree, any error rejects here.
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  const html = await new Response(stream).text();
  return html.startsWith("<!DOCTYPE html>") ? html : `<!DOCTYPE html>${html}`;
}
