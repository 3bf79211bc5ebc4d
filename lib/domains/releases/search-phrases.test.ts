import { describe, expect, it } from "vitest";
import { pairKey, requiredPairs } from "./search-phrases";

// The printed forms below are what websearch_to_tsquery(...)::text answers for the words in
// the comment (checked against PostgreSQL in search.integration.test.ts).
describe("requiredPairs", () => {
  it("takes every <-> link between plain lexemes", () => {
    // "Werk Energie"
    expect(requiredPairs("'werk' <-> 'energi'")).toEqual([["werk", "energi"]]);
    // "neues Werk für Energie" (german: für is a stop word)
    expect(requiredPairs("'neu' <-> 'werk' <2> 'energi'")).toEqual([["neu", "werk"]]);
    // "e-mail marketing" (english)
    expect(requiredPairs("'e-mail' <-> 'e' <-> 'mail' <-> 'market'")).toEqual([
      ["e-mail", "e"],
      ["e", "mail"],
      ["mail", "market"],
    ]);
  });

  it("keeps what every match holds: both sides of AND, nothing under OR or NOT", () => {
    // "Werk Energie" -Klinik "Energie Export"
    expect(requiredPairs("'werk' <-> 'energi' & !'klinik' & 'energi' <-> 'export'")).toEqual([
      ["werk", "energi"],
      ["energi", "export"],
    ]);
    // "Werk Energie" or Solar
    expect(requiredPairs("'werk' <-> 'energi' | 'solar'")).toEqual([]);
    // Solar -"Werk Energie"
    expect(requiredPairs("'solar' & !( 'werk' <-> 'energi' )")).toEqual([]);
    expect(requiredPairs("( 'a' | 'b' ) <-> 'c' & 'd' <-> ( 'e' <-> 'f' )")).toEqual([
      ["e", "f"],
      ["d", "e"],
    ]);
  });

  it("skips prefixes and links to anything but a lexeme, and reads escaped quotes", () => {
    expect(requiredPairs("'werk':* <-> 'energi'")).toEqual([]);
    expect(requiredPairs("'werk' <-> !'energi'")).toEqual([]);
    expect(requiredPairs("'o''neil' <-> 'back\\\\slash'")).toEqual([["o'neil", "back\\slash"]]);
    expect(requiredPairs("'titel':A <-> 'text'")).toEqual([["titel", "text"]]);
    expect(requiredPairs("")).toEqual([]);
    expect(requiredPairs("'solar'")).toEqual([]);
  });

  it("refuses what is not a printed tsquery", () => {
    expect(() => requiredPairs("'a' <-> ")).toThrow();
    expect(() => requiredPairs("( 'a'")).toThrow();
    expect(() => requiredPairs("a")).toThrow();
  });
});

describe("pairKey", () => {
  it('is the first 32 bits of md5("left right") as a signed integer', () => {
    // md5("a b") = 0cc9cd4d…, md5("werk energi") = eeafff56… (two's complement below zero).
    expect(pairKey("a", "b")).toBe(0x0cc9cd4d);
    expect(pairKey("werk", "energi")).toBe(0xeeafff56 - 2 ** 32);
  });
});
