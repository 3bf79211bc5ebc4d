import { describe, expect, it } from "vitest";
import { isRecordId, MAX_RECORD_ID, parseRecordId, RecordIdParam } from "./ids";
import { decodePathSegment, isDecodablePath } from "./path-segment";
import { isAcceptableText, unacceptableTextIssues, withoutUnstorableChars } from "./text";

describe("text a client sends", () => {
  it("is refused with NUL or an unpaired surrogate, and accepted otherwise (emoji, umlauts, controls)", () => {
    expect(["", "Grüße aus Köln", "😀 pair", "tab\tand\nnewline", "\u0001bell\u0007"].map(isAcceptableText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ["a\u0000b", "\u0000", "lone \ud800 high", "lone \udc00 low", "reversed \udc00\ud800", "😀".slice(0, 1)].map(isAcceptableText),
    ).toEqual([false, false, false, false, false, false]);
  });

  it("names every refused string by its path, in nested objects and arrays", () => {
    const issues = unacceptableTextIssues({
      title: "ok",
      contact: { email: "x\u0000" },
      keywords: ["a", "\ud800"],
      n: 5,
      nested: [[{ deep: "\u0000" }]],
    });
    expect(issues.map((i) => i.path)).toEqual(["contact.email", "keywords.1", "nested.0.0.deep"]);
  });

  it("can be cleaned for search words", () => {
    expect(withoutUnstorableChars("a\u0000b \ud800c 😀")).toBe("ab c 😀");
  });

  it("walks a value nested a million levels deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(1_000_000)}"\\u0000"${"]".repeat(1_000_000)}`) as unknown;
    expect(unacceptableTextIssues(deep)).toHaveLength(1);
  });
});

describe("record ids from outside", () => {
  it("accept only decimal ids within PostgreSQL's integer range", () => {
    expect(["1", "42", String(MAX_RECORD_ID)].map(parseRecordId)).toEqual([1, 42, MAX_RECORD_ID]);
    for (const raw of ["0", "-1", "2147483648", "2210224512584", "6755686096181732", "0x10", "1e3", " 7", "7 ", "4.2", "", "abc", "\u0000"])
      expect(parseRecordId(raw)).toBeNull();
    expect([isRecordId(1), isRecordId(MAX_RECORD_ID + 1), isRecordId(1.5), isRecordId(NaN), isRecordId("1")]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("parse in a schema the same way", () => {
    expect(RecordIdParam.safeParse("17").data).toBe(17);
    expect(RecordIdParam.safeParse("281672211577449").success).toBe(false);
    expect(RecordIdParam.safeParse("0x11").success).toBe(false);
    expect(RecordIdParam.safeParse("017").success).toBe(false);
  });
});

describe("path segments", () => {
  it("decode, or name nothing when malformed, NUL or absurdly long", () => {
    expect(decodePathSegment("gr%C3%BCn-energie")).toBe("grün-energie");
    expect([
      decodePathSegment("%F2%88%88"),
      decodePathSegment("%"),
      decodePathSegment("%00"),
      decodePathSegment("%ED%A0%80"),
      decodePathSegment("x".repeat(256)),
    ]).toEqual([null, null, null, null, null]);
    expect([isDecodablePath("/de/pressemitteilung/%F2%88%88"), isDecodablePath("/a%2Fb/%C3%BC")]).toEqual([false, true]);
  });
});
