import { request as httpRequest } from "node:http";

/**
 * A plain HTTP request (GET unless `method` says otherwise) to a local server with the Host
 * header of a site: the test runner's own requests do not go through Chromium's `*.localhost`
 * resolver rule. Redirects are not followed. It connects to the host's port unless `port` names
 * another (a proxy in front, in the bench).
 */
export function getAs(
  host: string,
  path: string,
  opts: { headers?: Record<string, string>; port?: number; method?: string; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const port = opts.port ?? Number(host.split(":")[1] ?? 80);
  const headers = opts.headers ?? {};
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: opts.method ?? "GET", headers: { ...headers, host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}
