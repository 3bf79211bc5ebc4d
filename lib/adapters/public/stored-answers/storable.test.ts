import { describe, expect, it } from "vitest";
import { storableAnswer } from "./storable";

const at = (site: "hub" | "business", url: string) => {
  const u = new URL(url, "http://x");
  return storableAnswer(site, u.pathname, u.searchParams);
};

describe("which public answers are kept as stored bytes", () => {
  it("keeps portal pages, feeds and files, and the hub's legal pages", () => {
    for (const path of [
      "/de",
      "/de/pressemitteilung/a-b",
      "/en/category/energy",
      "/de/category/energie/archiv/2026",
      "/de/newsroom/x",
      "/de/feed",
      "/de/newsroom/x/feed",
      "/de/rss",
      "/robots.txt",
      "/llms.txt",
      "/sitemap.xml",
      "/sitemap-news.xml",
      "/sitemaps/releases-1.xml",
      "/sitemaps/pages.xml",
    ]) {
      expect(at("business", path), path).toEqual({ key: `business:${path}`, path });
    }
    expect(at("hub", "/impressum")).toEqual({ key: "hub:/impressum", path: "/impressum" });
    expect(at("hub", "/privacy")?.key).toBe("hub:/privacy");
  });

  it("never keeps private or unbounded answers", () => {
    for (const path of ["/dashboard", "/login", "/api/v1/releases", "/kontakt", "/de"]) expect(at("hub", path), path).toBeNull();
    // The hub's front page in both languages is the same for every visitor.
    expect([at("hub", "/")?.key, at("hub", "/en?utm_source=x")?.key]).toEqual(["hub:/", "hub:/en"]);
    expect(at("business", "/de?page=2")?.key).toBe("business:/de?page=2");
    expect(at("business", "/de?page=4")).toBeNull();
    expect(at("business", "/de/suche?q=wind")).toBeNull();
    expect(at("business", "/view/12")).toBeNull();
    expect(at("business", "/en/view/12")).toBeNull();
    expect(at("business", "/de/newsroom?q=nord")).toBeNull();
    expect(at("business", "/de/category/energie/archiv/2026?page=4")).toBeNull();
    expect(at("business", "/de/newsroom?letter=A&letter=B")).toBeNull();
    // One key per answer: other spellings of the same path render as before, uncached.
    for (const path of [
      "/de/pressemitteilung/%66oo",
      "/de/pressemitteilung/gr%c3%bcn",
      "/de/pressemitteilung/%",
      "/sitemaps/releases-001.xml",
      "/sitemaps/releases-0.xml",
    ])
      expect(at("business", path), path).toBeNull();
    expect(at("business", "/de/pressemitteilung/gr%C3%BCn")?.key).toBe("business:/de/pressemitteilung/gr%C3%BCn");
    expect(at("business", `/de/pressemitteilung/${"a".repeat(400)}`)).toBeNull();
  });

  it("keys by the parameters a page reads, in a fixed order, and ignores the rest", () => {
    expect(at("business", "/de/pressemitteilung/a?utm_source=x&fbclid=y")?.key).toBe("business:/de/pressemitteilung/a");
    expect(at("business", "/de/newsroom?page=2&letter=a&ref=z")).toEqual({
      key: "business:/de/newsroom?letter=a&page=2",
      path: "/de/newsroom?letter=a&page=2",
    });
    // The "#" letter stays a parameter, not a fragment.
    expect(at("business", "/de/newsroom?letter=%23")?.path).toBe("/de/newsroom?letter=%23");
    expect(at("business", "/de/category/energie/archiv/2026?page=2")?.path).toBe("/de/category/energie/archiv/2026?page=2");
    // The corrections are paged too: each page its own entry, through 3.
    expect(at("business", "/de/corrections?page=2")?.key).toBe("business:/de/corrections?page=2");
    expect(at("business", "/en/corrections?page=4")).toBeNull();
    // Pages that read no parameter share one entry whatever is appended.
    expect(at("business", "/de/pressemitteilung/a?page=2&letter=B")?.key).toBe("business:/de/pressemitteilung/a");
    expect(at("business", "/de/feed?page=3")?.key).toBe("business:/de/feed");
  });
});
