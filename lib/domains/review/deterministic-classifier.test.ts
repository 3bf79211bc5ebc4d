import { describe, expect, it } from "vitest";
import { GOOD_BODY } from "@/tests/release-fixtures";
import type { ClassifierInput } from "./classifier";
import { deterministicClassifier } from "./deterministic-classifier";

const input = (over: Partial<ClassifierInput> = {}): ClassifierInput => ({
  title: "Beispiel AG eröffnet neues Werk",
  lead: null,
  bodyHtml: GOOD_BODY,
  location: "Berlin",
  contactEmail: "presse@beispiel.de",
  contactName: "Pressestelle",
  contactPhone: null,
  keywords: [],
  category: "Energie",
  language: "de",
  isDuplicateOfOtherNewsroom: false,
  images: [],
  ...over,
});
const codes = async (over: Partial<ClassifierInput>) => (await deterministicClassifier.classify(input(over))).reasons.map((r) => r.code);

describe("the deterministic text check reads the text", () => {
  it("green for a neutral news text with dateline and contact", async () => {
    expect(await deterministicClassifier.classify(input())).toMatchObject({ result: "green", reasons: [] });
  });
  it("red for advertising, shouting, repeated marks, thin text, link farms and duplicates", async () => {
    expect(await codes({ bodyHtml: GOOD_BODY + "<p>Jetzt kaufen, nur heute gratis!</p>" })).toContain("advertising");
    expect(await codes({ title: "NEUES WERK ERÖFFNET HEUTE" })).toContain("shouting");
    expect(await codes({ bodyHtml: GOOD_BODY + "<p>Wirklich??</p>" })).toContain("exclamations");
    expect(await codes({ bodyHtml: "<p>Kurz.</p>" })).toContain("too_short");
    const links = Array.from({ length: 6 }, (_, i) => `<a href="https://x.example/${i}">x</a>`).join(" ");
    expect(await codes({ bodyHtml: `<p>${"Wort ".repeat(60)} ${links}</p>` })).toContain("link_density");
    expect(await codes({ isDuplicateOfOtherNewsroom: true })).toContain("duplicate");
  });
  it("judges the lead, the keywords and where links lead, not only the body text", async () => {
    expect(await codes({ lead: "Jetzt kaufen: nur heute gratis!" })).toContain("advertising");
    expect(await codes({ keywords: ["gratis", "rabatt"] })).toContain("advertising");
    expect(await codes({ bodyHtml: `${GOOD_BODY}<p><a href="https://evil.example/login">www.sparkasse.de</a></p>` })).toContain(
      "misleading_link",
    );
    expect(
      await codes({
        bodyHtml: `${GOOD_BODY}<p><a href="https://www.beispiel.de/werk">beispiel.de/werk</a> und <a href="https://evil.example">hier</a></p>`,
      }),
    ).not.toContain("misleading_link");
  });
  it("leaves what the images state to the rules every classifier gets (lib/domains/review/image-texts.ts), so nothing counts twice", async () => {
    expect(
      await codes({ images: [{ alt: "UNGLAUBLICH!!! DIE BESTE SOFTWARE", credit: "© Foto: JETZT KAUFEN!!! www.example.com" }] }),
    ).toEqual([]);
  });
  it("finds an advert phrase written without its space", async () => {
    expect(await codes({ lead: "Jetztkaufen und nurheute zugreifen" })).toContain("advertising");
  });
  it("yellow for a missing dateline or contact, and answers in the release's language", async () => {
    const result = await deterministicClassifier.classify(input({ location: null, contactEmail: null, contactName: null, language: "en" }));
    expect(result.result).toBe("yellow");
    expect(result.reasons.map((r) => r.message)).toEqual(["A press contact is missing.", "The dateline is missing."]);
  });
});
