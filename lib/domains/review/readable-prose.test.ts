import { describe, expect, it } from "vitest";
import { GOOD_BODY } from "@/tests/release-fixtures";
import type { ClassifierInput } from "./classifier";
import { unreadableProseReasons } from "./readable-prose";

const input = (over: Partial<ClassifierInput> = {}): ClassifierInput => ({
  title: "Beispiel AG eröffnet neues Werk",
  lead: null,
  bodyHtml: GOOD_BODY,
  location: "Berlin",
  contactEmail: null,
  contactName: null,
  contactPhone: null,
  keywords: [],
  category: null,
  language: "de",
  isDuplicateOfOtherNewsroom: false,
  images: [],
  ...over,
});
const codes = (over: Partial<ClassifierInput>) => unreadableProseReasons(input(over)).map((r) => r.code);

/** Headlines and leads as newsrooms write them: figures, currency, percent, ISIN, index levels. */
const FINANCIAL = [
  "Umsatz 2025: +12,4 % auf 1.234,5 Mio. €",
  "ISIN DE0007164600: 2,50 € je Aktie (+0,30 €)",
  "Kurs: 123,45 € (+1,23 %; 52W: 98,76–130,12 €)",
  "DAX: 18.234,56 (+0,8 %) | MDAX: 26.512,10 (−0,3 %) | TecDAX: 3.401,22 (+1,1 %)",
  "Q3/2025: EBITDA 412 Mio. € (Vj. 380 Mio. €), Marge 18,2 % (+1,1 Pp.)",
  "Revenue up 12.4% to $1,234.5m; EPS $2.50 (+$0.30)",
];

describe("readable prose", () => {
  it("rates real financial headlines and leads as prose: figures, punctuation, currency signs and % are readable", () => {
    for (const title of FINANCIAL) expect([title, codes({ title, lead: title })]).toEqual([title, []]);
  });
  it("is red for rows of symbols, another script or pictographs, however long", () => {
    expect(codes({ lead: "Preis jetzt 5 € ★★★★★★★★★★★★★★★★★★★★" })).toEqual(["not_prose"]);
    expect(codes({ lead: "Ѳѱѯѫѩѧѥѣѡџѝћљїѕѓёэыщчхуср" })).toEqual(["not_prose"]);
    expect(codes({ lead: "歴史的な発表会社新工場開設記念日本語文字列" })).toEqual(["not_prose"]);
    expect(codes({ lead: "🎉🚀🔥💰🎉🚀🔥💰🎉🚀🔥💰🎉🚀🔥💰🎉🚀🔥💰" })).toEqual(["not_prose"]);
    expect(codes({ lead: "1234567890 1234567890 1234567890" })).toEqual(["not_prose"]);
    expect(codes({ lead: "Hallo ;;;;;;;;;;;;:::::::::::::::::::::!!!!!!!!!" })).toEqual(["not_prose"]);
  });

  it("leaves news as it is written alone: figures in a title, quotes, emoji, umlauts", () => {
    expect(codes({})).toEqual([]);
    expect(codes({ title: "Q3 2025: +12 % Umsatz", lead: "„Ein starkes Quartal“, sagt die Vorständin 🎉" })).toEqual([]);
  });
  it("is red for private-use or unassigned code points, mostly non-letters, or no words of the language", () => {
    expect(codes({ lead: "Vorspann \uE000" })).toEqual(["unreadable_characters"]);
    expect(codes({ lead: String.fromCodePoint(0x40000).repeat(3) })).toEqual(["unreadable_characters"]);
    expect(codes({ lead: "#### ++++ 1234 5678 ==== //// ****" })).toEqual(["not_prose"]);
    // A German text sent as English reads as no English words: the customer is asked about the language.
    expect(codes({ language: "en" })).toEqual(["not_language"]);
    expect(unreadableProseReasons(input({ language: "en" }))[0]!.message).toContain("Is it readable, and is the right language selected?");
  });
});
