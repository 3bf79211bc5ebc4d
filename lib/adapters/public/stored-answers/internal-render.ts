import { request as httpRequest } from "node:http";

/**
 * Renders a public answer by asking this server for it, as a reader would, with a signed render
 * header: the middleware lets that request through to the route untouched, and the caller keeps
 * the bytes. Only where the server's own address is known (scripts/next-server.mjs sets
 * PD_INTERNAL_ORIGIN); elsewhere answers are rendered per request as before.
 */
export function internalOrigin(): URL | null {
  const origin = process.env.PD_INTERNAL_ORIGIN;
  return origin ? new URL(origin) : null;
}

export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers above this are passed on but not kept: no public page comes near it. */
export const MAX_STORED_BYTES = 2 * 1024 * 1024;
/** A render of a stored answer that takes longer is given up, through this server or in process (in-process.ts). */
export const RENDER_TIMEOUT_MS = 20_000;

export function fetchRender(origin: URL, path: string, headers: Record<string, string>): Promise<RenderedAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      // A connection per render (no keep-alive): Next keeps a render's state reachable while its
      // connection lives (docs/portals.md "Memory"), and renders are rare.
      {
        host: origin.hostname.replace(/^\[|\]$/g, ""),
        port: origin.port || 80,
        path,
        method: "GET",
        headers,
        timeout: RENDER_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({ status: res.statusCode ?? 502, headers: out, body: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("render timed out")));
    req.on("error", reject);
    req.end();
  });
}
