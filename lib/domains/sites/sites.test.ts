import { describe, expect, it } from "vitest";
import {
  categoryArchivePath,
  editionAlternates,
  legacyViewUrl,
  preferredEdition,
  releaseUrl,
  resolveEdition,
  resolveSite,
  type SiteHosts,
} from "./index";

const hosts: SiteHosts = { hub: "hub.example", business: "business.example", tech: "tech.example:8443", protocol: "https" };

describe("sites", () => {
  it("resolves the site by host, case and trailing dot aside; unknown hosts get the hub", () => {
    expect(resolveSite("Business.Example.", hosts)).toBe("business");
    expect(resolveSite("tech.example:8443", hosts)).toBe("tech");
    expect(resolveSite("tech.example", hosts)).toBe("hub");
    expect(resolveSite("10.0.0.5", hosts)).toBe("hub");
    expect(resolveSite(null, hosts)).toBe("hub");
  });

  it("resolves the edition by the first path segment", () => {
    expect(resolveEdition("/en/feed")).toBe("en");
    expect(resolveEdition("/de")).toBe("de");
    expect(resolveEdition("/fr/feed")).toBeNull();
    expect(resolveEdition("/")).toBeNull();
  });

  it("prefers the reader's language, German by default", () => {
    expect(preferredEdition("en-US,en;q=0.9,de;q=0.8")).toBe("en");
    expect(preferredEdition("fr-FR, de;q=0.5, en;q=0.4")).toBe("de");
    expect(preferredEdition("fr")).toBe("de");
    expect(preferredEdition(null)).toBe("de");
  });

  it("builds release, archive, legacy and alternate URLs", () => {
    expect(releaseUrl({ id: 7, portal: "tech", language: "en", slug: "harbor-3" }, hosts)).toBe(
      "https://tech.example:8443/en/press-release/harbor-3",
    );
    expect(releaseUrl({ id: 7, portal: "business", language: "de", slug: "windpark" }, hosts)).toBe(
      "https://business.example/de/pressemitteilung/windpark",
    );
    expect(categoryArchivePath("de", "energie", 2026)).toBe("/de/category/energie/archiv/2026");
    expect(categoryArchivePath("en", "energy", 2025, 2)).toBe("/en/category/energy/archive/2025?page=2");
    expect(legacyViewUrl({ id: 42, portal: "business", language: "de" }, hosts)).toBe("https://business.example/view/42");
    expect(legacyViewUrl({ id: 43, portal: "business", language: "en" }, hosts)).toBe("https://business.example/en/view/43");
    expect(editionAlternates("business", "/rss", hosts)).toEqual({
      de: "https://business.example/de/rss",
      en: "https://business.example/en/rss",
      "x-default": "https://business.example/de/rss",
    });
  });
});
