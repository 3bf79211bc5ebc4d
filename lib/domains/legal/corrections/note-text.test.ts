import { describe, expect, it } from "vitest";
import { correctionHeading, correctionLine } from "./note-text";

describe("correction note wording", () => {
  it("dates the note by the day in Berlin, in the release's language", () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    const at = new Date("2026-11-23T23:30:00Z");
    expect(correctionHeading("correction", at, "de")).toBe("Korrektur vom 24.11.2026");
    expect(correctionHeading("correction", at, "en")).toBe("Correction of 24 November 2026");
    expect(correctionLine({ kind: "redaction", createdAt: at, note: "Passagen aus rechtlichen Gründen entfernt." }, "de")).toBe(
      "Schwärzung vom 24.11.2026: Passagen aus rechtlichen Gründen entfernt.",
    );
    expect(correctionLine({ kind: "change", createdAt: at, note: "Figures updated." }, "en")).toBe(
      "Update of 24 November 2026: Figures updated.",
    );
  });
});
