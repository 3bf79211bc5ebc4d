import { describe, expect, it } from "vitest";
import { DIRECTORY_QUERY_MAX_CHARS, directoryHref, directoryLetter, foldForSearch, parseDirectoryQuery } from "./newsroom-directory";
import { shortText, websiteLink } from "./newsroom-profile";

describe("directory letters", () => {
  it("files names under their first letter without accents, digits under 0-9, the rest under #", () => {
    const cases: [string, string][] = [
      ["Apfel AG", "A"],
      ["Ärztekammer", "A"],
      ["öko-Strom", "O"],
      ["Über uns", "U"],
      ["ßtudio", "S"],
      ["Øresund Invest", "O"],
      ["Łódź Tech", "L"],
      ["„Zukunft“ e.V.", "Z"],
      ["(Klammer) GmbH", "K"],
      ["3M Deutschland", "0-9"],
      ["1&1", "0-9"],
      ["Ωmega", "#"],
      ["東京 Corp", "#"],
      ["!!!", "#"],
      ["", "#"],
    ];
    for (const [name, letter] of cases) expect([name, directoryLetter(name)]).toEqual([name, letter]);
  });
});

describe("directory query", () => {
  it("accepts letters in either case, 0-9 and #; refuses other letters and malformed pages (404)", () => {
    expect(parseDirectoryQuery({})).toEqual({ letter: null, q: "", page: 1 });
    expect(parseDirectoryQuery({ letter: "m", page: "2" })).toEqual({ letter: "M", q: "", page: 2 });
    expect(parseDirectoryQuery({ letter: "0-9" })?.letter).toBe("0-9");
    expect(parseDirectoryQuery({ letter: "#" })?.letter).toBe("#");
    expect(parseDirectoryQuery({ letter: ["b", "c"] })?.letter).toBe("B");
    for (const letter of ["Ä", "AB", "%", "\u0000"]) expect(parseDirectoryQuery({ letter })).toBeNull();
    for (const page of ["0", "-1", "1.5", "abc", "9999999", " 2"]) expect(parseDirectoryQuery({ page })).toBeNull();
  });

  it("cleans search words instead of refusing them", () => {
    expect(parseDirectoryQuery({ q: "  Nord\u0000licht \t\n Energie  " })?.q).toBe("Nordlicht Energie");
    expect(parseDirectoryQuery({ q: "a\uD800b" })?.q).toBe("ab");
    expect(parseDirectoryQuery({ q: "x".repeat(10_240) })?.q).toHaveLength(DIRECTORY_QUERY_MAX_CHARS);
    // Astral characters are not cut in half.
    expect([...parseDirectoryQuery({ q: "😀".repeat(200) })!.q]).toHaveLength(DIRECTORY_QUERY_MAX_CHARS);
    expect(parseDirectoryQuery({ q: "'; DROP TABLE companies; --" })?.q).toBe("'; DROP TABLE companies; --");
  });

  it("folds accents, case and ß for matching", () => {
    expect(foldForSearch("Müller  & Söhne")).toBe("muller & sohne");
    expect(foldForSearch("Straße")).toBe("strasse");
  });

  it("builds addresses with only the filters set", () => {
    expect(directoryHref("de", {})).toBe("/de/newsroom");
    expect(directoryHref("en", { letter: "B", page: 1 })).toBe("/en/newsroom?letter=b");
    expect(directoryHref("de", { letter: "#", q: "a&b", page: 3 })).toBe("/de/newsroom?letter=%23&q=a%26b&page=3");
  });
});

describe("profile helpers", () => {
  it("links only http(s) websites and shows them without scheme", () => {
    expect(websiteLink("https://firma.example/")).toEqual({ href: "https://firma.example/", label: "firma.example" });
    expect(websiteLink("http://firma.example/presse/")).toEqual({ href: "http://firma.example/presse/", label: "firma.example/presse/" });
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "firma.example", "", null]) expect(websiteLink(bad)).toBeNull();
  });

  it("cuts long descriptions at a word boundary", () => {
    expect(shortText("Kurz.", 180)).toBe("Kurz.");
    const long = shortText(`${"Wort ".repeat(60)}Ende`, 40)!;
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/Wort…$/);
    expect(shortText(null, 10)).toBeNull();
  });
});
