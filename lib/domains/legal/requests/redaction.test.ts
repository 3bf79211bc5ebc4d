import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeReleaseHtml } from "@/lib/domains/releases/sanitize";
import {
  REDACTION_LIMITS,
  REDACTION_MARKER,
  normalizePassage,
  redactionText,
  redactPlainText,
  redactReleaseBody,
  validateRedactionPassages,
} from "./redaction";

const BODY = sanitizeReleaseHtml(
  `<p>Max Mustermann &amp; Co. sagt: <strong>Hallo</strong> Welt.</p>` +
    `<p>Kontakt: <a href="mailto:max@example.com">max@example.com</a></p>` +
    `<ul><li>Max Mustermann</li><li>Zweiter Punkt</li></ul>`,
);

describe("redactionText", () => {
  it("decodes entities, joins inline markup and turns block boundaries into spaces", () => {
    expect(redactionText(BODY)).toBe("Max Mustermann & Co. sagt: Hallo Welt. Kontakt: max@example.com Max Mustermann Zweiter Punkt");
  });
});

describe("validateRedactionPassages", () => {
  it("accepts passages that occur verbatim, normalised and de-duplicated", () => {
    expect(validateRedactionPassages(BODY, ["  Max\n Mustermann ", "Max Mustermann", "Hallo Welt"])).toEqual({
      ok: true,
      passages: ["Max Mustermann", "Hallo Welt"],
    });
  });

  it("names every passage that is missing, too short or too long", () => {
    const result = validateRedactionPassages(BODY, ["max mustermann", "Ma", "x".repeat(REDACTION_LIMITS.maxLength + 1)]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(3);
    expect(result.errors[0]).toMatch(/Textstelle 1 .*nicht wörtlich/);
    expect(result.errors[1]).toMatch(/Textstelle 2 ist zu kurz/);
    expect(result.errors[2]).toMatch(/Textstelle 3 ist zu lang/);
  });

  it("refuses an empty list and too many passages", () => {
    expect(validateRedactionPassages(BODY, [" ", ""])).toMatchObject({ ok: false });
    const many = Array.from({ length: REDACTION_LIMITS.maxPassages + 1 }, (_, i) => `Stelle ${i}`);
    const result = validateRedactionPassages(BODY, many);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/Höchstens 20/);
  });

  it("sends a request that would remove almost everything to depublication", () => {
    const result = validateRedactionPassages(BODY, [
      "Max Mustermann & Co. sagt: Hallo Welt. Kontakt: max@example.com Max Mustermann Zweiter",
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/Depublizierung/);
  });
});

describe("redactReleaseBody", () => {
  it("removes every occurrence and leaves one marker per gap", () => {
    expect(redactReleaseBody(BODY, ["Max Mustermann", "& Co. sagt: Hallo"])).toBe(
      `<p>${REDACTION_MARKER} Welt.</p><p>Kontakt: <a href="mailto:max@example.com" rel="nofollow noopener">max@example.com</a></p>` +
        `<ul><li>${REDACTION_MARKER}</li><li>Zweiter Punkt</li></ul>`,
    );
  });

  it("takes the address from a link that names a passage", () => {
    const out = redactReleaseBody(BODY, ["max@example.com"]);
    expect(out).toContain(`<p>Kontakt: <a rel="nofollow noopener">${REDACTION_MARKER}</a></p>`);
    expect(out).not.toContain("max@example.com");
  });

  it("marks each block of a passage that spans paragraphs", () => {
    expect(redactReleaseBody(BODY, ["Welt. Kontakt:"])).toContain(
      `<strong>Hallo</strong> ${REDACTION_MARKER}</p><p>${REDACTION_MARKER} <a`,
    );
  });

  it("is a no-op without passages and for passages that do not occur", () => {
    expect(redactReleaseBody(BODY, [])).toBe(BODY);
    expect(redactReleaseBody(BODY, ["gibt es nicht"])).toBe(BODY);
  });

  it("redacts plain text the same way", () => {
    expect(redactPlainText("A & B <x> Max  Mustermann sagt", ["Max Mustermann"])).toBe(`A & B <x> ${REDACTION_MARKER} sagt`);
  });
});

// Small alphabets make passages occur often, across tags, entities and paragraph boundaries.
const word = fc.stringMatching(/^[ab&<"ü ]{1,6}$/);
const inline = fc.oneof(
  word,
  word.map((w) => `<strong>${w}</strong>`),
  word.map((w) => `<em>${w}</em>`),
  fc.tuple(word, word).map(([w, h]) => `<a href="https://example.com/${encodeURIComponent(h)}">${w}</a>`),
  fc.constant("<br>"),
);
const block = fc.oneof(
  fc.array(inline, { minLength: 1, maxLength: 4 }).map((xs) => `<p>${xs.join("")}</p>`),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((xs) => `<ul>${xs.map((x) => `<li>${x}</li>`).join("")}</ul>`),
  word.map((w) => `<h2>${w}</h2>`),
);
// Stored bodies are sanitiser output; a second pass settles the rare input the first one reshapes.
const bodyArb = fc
  .array(block, { minLength: 1, maxLength: 5 })
  .map((bs) => sanitizeReleaseHtml(sanitizeReleaseHtml(bs.join(""))))
  .filter((b) => sanitizeReleaseHtml(b) === b);

/** Picks substrings of the body's visible text, so passages really occur. */
const caseArb = bodyArb.chain((body) => {
  const text = redactionText(body);
  const passage =
    text.length < 3
      ? fc.constant("aaa")
      : fc
          .tuple(fc.nat({ max: text.length - 1 }), fc.integer({ min: 3, max: 12 }))
          .map(([start, len]) => normalizePassage(text.slice(start, start + len)));
  return fc.tuple(fc.constant(body), fc.array(passage, { minLength: 1, maxLength: 3 }));
});

/** Visible text with markers turned into a character no passage contains. */
const textOf = (html: string) => redactionText(html.split(REDACTION_MARKER).join(" \u0000 "));

describe("redactReleaseBody properties", () => {
  it("never leaves a removed passage in the text or in a link, and stays sanitised HTML", () => {
    fc.assert(
      fc.property(caseArb, ([body, passages]) => {
        const out = redactReleaseBody(body, passages);
        expect(sanitizeReleaseHtml(out)).toBe(out);
        const text = textOf(out);
        const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
        for (const p of passages.map(normalizePassage).filter((x) => x.length > 0)) {
          expect(text.includes(p)).toBe(false);
          for (const href of hrefs) expect(href.includes(p)).toBe(false);
        }
        if (passages.some((p) => redactionText(body).includes(normalizePassage(p)))) expect(out).toContain(REDACTION_MARKER);
      }),
      { numRuns: 400 },
    );
  });

  it("is deterministic and keeps text that no passage touches", () => {
    fc.assert(
      fc.property(bodyArb, fc.stringMatching(/^[xyz]{3,5}$/), (body, absent) => {
        expect(redactReleaseBody(body, [absent])).toBe(body);
        const text = redactionText(body);
        if (text.length >= 3) {
          const p = text.slice(0, 3);
          expect(redactReleaseBody(body, [p])).toBe(redactReleaseBody(body, [p]));
        }
      }),
    );
  });
});

// The customer chooses both the release text and the passages, and the server checks them under
// the release's row lock (and again on every view of the request in the admin area).
describe("as an attacker: a redaction built to be expensive", () => {
  const timed = <T>(f: () => T): [T, number] => {
    const start = performance.now();
    const result = f();
    return [result, performance.now() - start];
  };

  it("checks and applies 20 of the longest passages to a 150,000-character repetitive text at once", () => {
    const body = `<p>${"a".repeat(150_000)}</p>`;
    const passages = Array.from({ length: REDACTION_LIMITS.maxPassages }, (_, i) => "a".repeat(REDACTION_LIMITS.maxLength - i));
    const [check, checkMs] = timed(() => validateRedactionPassages(body, passages));
    expect(check).toMatchObject({ ok: false, errors: [expect.stringMatching(/Depublizierung/)] });
    const [out, redactMs] = timed(() => redactReleaseBody(body, passages));
    expect(out).toBe(`<p>${REDACTION_MARKER}</p>`);
    // Generous for a loaded machine; marking occurrence by occurrence took seconds per passage.
    expect(checkMs).toBeLessThan(500);
    expect(redactMs).toBeLessThan(500);
  });

  it("stays fast on repeated words and passages that overlap everywhere", () => {
    const body = `<p>${"Max Mustermann, ".repeat(9_400)}Ende.</p>`;
    const text = redactionText(body);
    const passages = Array.from({ length: REDACTION_LIMITS.maxPassages }, (_, i) =>
      normalizePassage(text.slice(i, i + REDACTION_LIMITS.maxLength)),
    );
    const [, ms] = timed(() => {
      validateRedactionPassages(body, passages);
      return redactReleaseBody(body, passages);
    });
    expect(ms).toBeLessThan(1000);
  });

  it("drops thousands of nested elements the redaction emptied in one pass", () => {
    const depth = 8_000;
    const body = sanitizeReleaseHtml(`<p>Anfang Max ${"<strong>".repeat(depth)}Mustermann${"</strong>".repeat(depth)} Ende</p>`);
    const [out, ms] = timed(() => redactReleaseBody(body, ["Max Mustermann"]));
    expect(out).toBe(`<p>Anfang ${REDACTION_MARKER} Ende</p>`);
    expect(ms).toBeLessThan(500);
  });
});
