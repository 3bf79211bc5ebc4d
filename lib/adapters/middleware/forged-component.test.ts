import { NextRequest, type NextFetchEvent } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setErrorReporter } from "@/lib/core/http/problem";
import { middleware } from "@/middleware";

// Forged component requests (spec 7) as an attacker sends them: a feed or the search asked to
// switch its portal or language by a parameter, a file posted to a form that takes none. Each
// answers 400 and nothing reaches the error tracker.

const event = { waitUntil: () => undefined } as unknown as NextFetchEvent;
const reporter = vi.fn();
afterEach(() => {
  setErrorReporter(null);
  reporter.mockReset();
});

const get = (host: string, path: string) => middleware(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host } }), event);
function post(path: string, form: FormData, headers: Record<string, string> = {}) {
  return middleware(
    new NextRequest(`http://127.0.0.1:3000${path}`, {
      method: "POST",
      headers: { host: "hub.localhost:3000", origin: "http://hub.localhost:3000", ...headers },
      body: form,
    }),
    event,
  );
}
const rewritten = (res: Response) => res.headers.get("x-middleware-rewrite") !== null;
const withFile = () => {
  const form = new FormData();
  form.set("1_name", "Erika");
  form.set("1_attachment", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "beweis.jpg");
  return form;
};

describe("a locked property set on a feed or the search", () => {
  it("answers 400 for a portal or language parameter, on every feed and the newsroom search", async () => {
    setErrorReporter(reporter);
    for (const [host, path] of [
      ["business.localhost:3000", "/de/feed?portal=tech"],
      ["business.localhost:3000", "/de/feed?language=en"],
      ["tech.localhost:3000", "/en/category/software/feed?lang=de"],
      ["business.localhost:3000", "/de/newsroom/nordlicht/feed?edition=en"],
      ["business.localhost:3000", "/de/corrections/feed?portal=business"],
      ["business.localhost:3000", "/de/newsroom?q=nord&language=en"],
      ["business.localhost:3000", "/de/suche?q=wind&portal=tech"],
      ["tech.localhost:3000", "/en/search?lang=de"],
      ["hub.localhost:3000", "/de/feed?portal=tech"],
      ["business.localhost:3000", "/de/feed.json?portal=tech"],
      ["tech.localhost:3000", "/en/newsroom/nordlicht/feed.json?language=de"],
    ] as const) {
      const res = await get(host, path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(rewritten(res)).toBe(false);
      // A browser reads German: a small page, as for a malformed address.
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toContain("Portal und Sprache dieser Seite ergeben sich aus ihrer Adresse");
    }
    expect(reporter).not.toHaveBeenCalled();
  });

  it("leaves other parameters and other pages alone", async () => {
    for (const path of [
      "/de/feed?utm_source=newsletter",
      "/de/newsroom?q=nord&letter=N",
      "/de/pressemitteilung/windpark?lang=en",
      "/en/feed",
    ]) {
      expect(rewritten(await get("business.localhost:3000", path)), path).toBe(true);
    }
  });
});

describe("an upload sent to a component without upload", () => {
  it("answers 400 forged_request when a form action that takes no file gets one", async () => {
    setErrorReporter(reporter);
    for (const path of [
      "/kontakt",
      "/rechtliche-anliegen",
      "/dashboard/security",
      "/dashboard/newsrooms/5/team",
      "/dashboard/releases/5/images/9/preview",
    ]) {
      const res = await post(path, withFile(), { "next-action": "7f".repeat(21) });
      expect([path, res.status]).toEqual([path, 400]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forged_request");
    }
    expect(reporter).not.toHaveBeenCalled();
  });

  it("lets the upload doors take files, and forms without a file through everywhere", async () => {
    for (const path of ["/dashboard/newsrooms/5", "/dashboard/releases/5/images/upload", "/admin/releases/5/images/upload"]) {
      expect(rewritten(await post(path, withFile())), path).toBe(true);
    }
    const plain = new FormData();
    plain.set("1_email", "erika@example.test");
    expect(rewritten(await post("/kontakt", plain, { "next-action": "7f".repeat(21) }))).toBe(true);
  });
});
