import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { optionalLogTitle, optionalNote, requiredNote } from "./editor-note";

const issueOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return err.issues?.[0];
    throw err;
  }
  return null;
};

describe("editor notes", () => {
  it("keeps tabs and line breaks", () => {
    expect(requiredNote(" Erste Zeile\r\n\tzweite Zeile ", "note")).toBe("Erste Zeile\r\n\tzweite Zeile");
    expect(optionalNote("  ", "publicNote")).toBeNull();
  });

  // A public note stands in every feed that lists the release and in the correction log's feed;
  // one character XML 1.0 cannot carry made the whole feed unreadable.
  it("as an attacker: refuses control characters that would break the feeds", () => {
    for (const c of ["\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\ufffe", "\uffff", "\u0000", "\ud800"]) {
      expect(
        issueOf(() => requiredNote(`Korrigiert${c}.`, "publicNote")),
        JSON.stringify(c),
      ).toEqual({ path: "publicNote", message: "Der Text enthält ein unzulässiges Steuerzeichen." });
      expect(issueOf(() => optionalNote(`Vermerk ${c} intern`, "note"))).toMatchObject({ path: "note" });
    }
  });
});

describe("the title of a log entry", () => {
  it("is one line of at most 200 characters, or none", () => {
    expect(optionalLogTitle("  Pressemitteilung zu einem Bauprojekt ", "logTitle")).toBe("Pressemitteilung zu einem Bauprojekt");
    expect(optionalLogTitle("", "logTitle")).toBeNull();
    expect(issueOf(() => optionalLogTitle("x".repeat(201), "logTitle"))).toMatchObject({ path: "logTitle" });
    expect(issueOf(() => optionalLogTitle("Zwei\nZeilen", "logTitle"))).toMatchObject({ path: "logTitle" });
    expect(issueOf(() => optionalLogTitle("Steuer\u0001zeichen", "logTitle"))).toMatchObject({ path: "logTitle" });
  });
});
