import { describe, expect, it } from "vitest";
import { normalizeHref } from "@/components/ui/rich-text/normalize-href";

describe("normalizeHref", () => {
  it("keeps web and mail addresses with their scheme as typed", () => {
    expect(normalizeHref(" https://www.beispiel.de/presse?x=1#a ")).toBe("https://www.beispiel.de/presse?x=1#a");
    expect(normalizeHref("http://beispiel.de")).toBe("http://beispiel.de");
    expect(normalizeHref("mailto:presse@beispiel.de?subject=Anfrage")).toBe("mailto:presse@beispiel.de?subject=Anfrage");
  });

  it("gives a bare host https and an address mailto", () => {
    expect(normalizeHref("www.beispiel.de")).toBe("https://www.beispiel.de");
    expect(normalizeHref("beispiel.de/presse/2026")).toBe("https://beispiel.de/presse/2026");
    expect(normalizeHref("müller-bau.de")).toBe("https://müller-bau.de");
    expect(normalizeHref("presse@beispiel.de")).toBe("mailto:presse@beispiel.de");
  });

  it("refuses other schemes, relative paths, hosts without a domain and text with spaces", () => {
    for (const value of [
      "",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<b>x</b>",
      "ftp://beispiel.de",
      "tel:+4940123",
      "/presse",
      "#anker",
      "//beispiel.de",
      "https://",
      "https://intranet",
      "mailto:niemand",
      "beispiel",
      "www.beispiel.de und mehr",
    ]) {
      expect(normalizeHref(value), value).toBeNull();
    }
  });
});
