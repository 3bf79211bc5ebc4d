import { describe, expect, it } from "vitest";
import { textWithoutMarkup } from "@/lib/domains/releases/content-hash";
import { bodyFromEditorHtml } from "./release-body";
import { bodyTextLength, RELEASE_LIMITS } from "@/lib/domains/releases/rules";
import { coerceReleaseForm, EMPTY_RELEASE_FORM, validateReleaseForm } from "./release-rules";

const BODY_MIN_CHARS = RELEASE_LIMITS.bodyMinChars;

describe("the release body in the form", () => {
  it("counts text without markup, as the API and content_hash do", () => {
    const html =
      '<h2>Titel</h2><p>Ein <strong>fetter</strong> und   <a href="https://beispiel.de">verlinkter</a> Satz &amp; mehr.</p><ul><li><p>Punkt</p></li></ul>';
    expect(bodyTextLength(html)).toBe(textWithoutMarkup(html).length);
    expect(textWithoutMarkup(html)).toBe("Titel\nEin fetter und verlinkter Satz & mehr.\nPunkt");
    // Markup alone does not fill the minimum.
    const padded = `<p><strong>${"x".repeat(BODY_MIN_CHARS - 1)}</strong></p>`;
    expect(validateReleaseForm({ ...EMPTY_RELEASE_FORM, body: padded }).body).toBe(
      `Der Text braucht mindestens ${BODY_MIN_CHARS} Zeichen (jetzt ${BODY_MIN_CHARS - 1}).`,
    );
    expect(validateReleaseForm({ ...EMPTY_RELEASE_FORM, body: `<p>${"x".repeat(BODY_MIN_CHARS)}</p>` }).body).toBeUndefined();
  });

  it("refuses a body whose markup alone is too much, rather than storing it cut", () => {
    const heavy = `<p>${"<strong>x</strong> ".repeat(12_000)}</p>`;
    expect(bodyTextLength(heavy)).toBeLessThan(50_000);
    expect(validateReleaseForm(coerceReleaseForm({ ...EMPTY_RELEASE_FORM, body: heavy })).body).toContain("zu umfangreich");
  });

  it("asks for the AI declaration and accepts only its three values", () => {
    expect(validateReleaseForm(EMPTY_RELEASE_FORM).aiDeclaration).toBe("Bitte geben Sie an, ob und wie KI beim Text geholfen hat.");
    expect(validateReleaseForm({ ...EMPTY_RELEASE_FORM, aiDeclaration: "sometimes" }).aiDeclaration).toBeDefined();
    for (const value of ["without_ai", "ai_assisted", "ai_generated"])
      expect(validateReleaseForm({ ...EMPTY_RELEASE_FORM, aiDeclaration: value }).aiDeclaration).toBeUndefined();
  });

  it("drops the empty paragraphs the editor leaves behind; an empty editor is no text", () => {
    expect(bodyFromEditorHtml("<p>Eins</p><p></p><p><br></p><p>Zwei</p><p>&nbsp;</p>")).toBe("<p>Eins</p><p>Zwei</p>");
    expect(bodyFromEditorHtml("<p></p>")).toBe("");
    expect(bodyFromEditorHtml("<ul><li><p>Punkt</p></li></ul>")).toBe("<ul><li><p>Punkt</p></li></ul>");
  });
});
