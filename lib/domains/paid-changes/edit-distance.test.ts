import { describe, expect, it } from "vitest";
import { editDistancePercent, wordDistance, wordsOf } from "./edit-distance";

const words = (n: number, prefix = "wort") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const text = (body: string[], title = "Neues Werk in Brandenburg") => ({ title, lead: null, body: `<p>${body.join(" ")}</p>` });

describe("word distance", () => {
  it("counts substitutions, insertions and deletions of words", () => {
    expect(wordDistance(["a", "b", "c"], ["a", "b", "c"])).toBe(0);
    expect(wordDistance(["a", "b", "c"], ["a", "x", "c"])).toBe(1);
    expect(wordDistance(["a", "b", "c"], ["a", "c"])).toBe(1);
    expect(wordDistance(["a", "c"], ["a", "b", "c"])).toBe(1);
    expect(wordDistance(["kitten", "sat"], ["sitting", "sat", "down"])).toBe(2);
    expect(wordDistance([], ["a", "b"])).toBe(2);
    expect(wordDistance(["a", "b"], [])).toBe(2);
    // A swap of two words is two steps, not one.
    expect(wordDistance(["a", "b", "c", "d"], ["a", "c", "b", "d"])).toBe(2);
  });

  it("reads only the words: markup, entities, whitespace and punctuation at their edges do not count", () => {
    expect(
      wordsOf({ title: "Titel", lead: "Vor  spann", body: "<p>Ein <strong>fetter</strong>&nbsp;Satz.</p><ul><li>Punkt</li></ul>" }),
    ).toEqual(["Titel", "Vor", "spann", "Ein", "fetter", "Satz", "Punkt"]);
    const before = { title: "Titel", lead: null, body: "<p>Ein Satz mit Wörtern.</p>" };
    expect(editDistancePercent(before, { ...before, body: '<p>Ein <em>Satz</em> mit <a href="https://x.de">Wörtern</a>.</p>' })).toBe(0);
  });
});

describe("edit distance in percent (spec 8: at most 50 %)", () => {
  it("a 5,000-word text changed in one word is 1 % (rounded up) and is computed at once", () => {
    const before = words(5000);
    const after = [...before];
    after[2500] = "geändert";
    const started = performance.now();
    expect(editDistancePercent(text(before), text(after))).toBe(1);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("a full rewrite is 100 %", () => {
    expect(editDistancePercent(text(words(300, "alt"), "Alter Titel"), text(words(300, "neu"), "Neue Zeile"))).toBe(100);
    expect(
      editDistancePercent({ title: "Alt", lead: "alt", body: "<p>alt alt</p>" }, { title: "Neu", lead: "neu", body: "<p>neu neu</p>" }),
    ).toBe(100);
  });

  it("half the words replaced is exactly 50 %; one more word is above", () => {
    const before = words(100);
    const half = before.map((w, i) => (i < 50 ? `x${w}` : w));
    expect(editDistancePercent({ title: "", lead: null, body: before.join(" ") }, { title: "", lead: null, body: half.join(" ") })).toBe(
      50,
    );
    const more = before.map((w, i) => (i < 51 ? `x${w}` : w));
    expect(editDistancePercent({ title: "", lead: null, body: before.join(" ") }, { title: "", lead: null, body: more.join(" ") })).toBe(
      51,
    );
  });

  it("counts the title and the lead", () => {
    const before = { title: "Eins zwei drei vier", lead: "fünf sechs sieben acht", body: "<p>neun zehn</p>" };
    expect(editDistancePercent(before, { ...before, title: "Eins zwei drei VIER" })).toBe(10);
    expect(editDistancePercent(before, { ...before, lead: null })).toBe(40);
  });

  it("an empty text before does not divide by zero", () => {
    expect(editDistancePercent({ title: "", lead: null, body: "" }, { title: "", lead: null, body: "" })).toBe(0);
    expect(editDistancePercent({ title: "", lead: null, body: "" }, { title: "Neu", lead: null, body: "" })).toBe(100);
  });
});
