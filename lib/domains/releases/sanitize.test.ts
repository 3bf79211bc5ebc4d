import { describe, expect, it } from "vitest";
import { sanitizeReleaseHtml } from "./sanitize";

describe("sanitizeReleaseHtml", () => {
  it("keeps text structure and safe links, drops scripts, handlers, styles and foreign schemes", () => {
    const dirty = `<h2 style="color:red">Titel</h2><p onclick="x()">Text <strong>fett</strong><script>alert(1)</script>
      <a href="javascript:alert(1)">böse</a> <a href="https://beispiel.de" target="_blank">gut</a><img src=x onerror=y></p><iframe src="https://x"></iframe>`;
    expect(sanitizeReleaseHtml(dirty)).toBe(`<h2>Titel</h2><p>Text <strong>fett</strong>
      <a rel="nofollow noopener">böse</a> <a href="https://beispiel.de" rel="nofollow noopener">gut</a></p>`);
  });
});
