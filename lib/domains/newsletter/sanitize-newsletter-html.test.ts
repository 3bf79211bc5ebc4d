import { describe, expect, it } from "vitest";
import { hasVisibleText, sanitizeNewsletterHtml } from "./sanitize-newsletter-html";

describe("sanitizeNewsletterHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<p>Hallo <strong>fett</strong> <b>b</b> <em>kursiv</em> <i>i</i><br /></p><ul><li>eins</li></ul><ol><li>zwei</li></ol><p><a href="https://example.com/x?a=1&amp;b=2">Link</a> <a href="mailto:presse@example.com">Mail</a></p>';
    expect(sanitizeNewsletterHtml(html)).toBe(html);
  });

  it("removes scripts with their content, event handlers and styles", () => {
    const out = sanitizeNewsletterHtml(
      '<p onclick="steal()" style="color:red">Text<script>alert(1)</script></p><style>p{}</style><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
    );
    expect(out).toBe("<p>Text</p>");
  });

  it("drops javascript:, data: and protocol-relative links but keeps their text", () => {
    expect(sanitizeNewsletterHtml('<a href="javascript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeNewsletterHtml('<a href="JaVaScRiPt:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeNewsletterHtml('<a href="data:text/html,<script>alert(1)</script>">a</a>')).toBe("<a>a</a>");
    expect(sanitizeNewsletterHtml('<a href="//evil.example/">a</a>')).toBe("<a>a</a>");
  });

  it("strips rel, target and every other attribute from links", () => {
    expect(sanitizeNewsletterHtml('<a href="https://example.com" target="_blank" rel="opener" title="t" class="c">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  it("unwraps tags the newsletter does not offer", () => {
    expect(sanitizeNewsletterHtml("<h1>Titel</h1><div><span>Text</span></div><table><tr><td>Zelle</td></tr></table>")).toBe(
      "TitelTextZelle",
    );
  });

  it("tells an empty editor from a text", () => {
    expect(hasVisibleText("<p></p>")).toBe(false);
    expect(hasVisibleText("<p> <br></p>")).toBe(false);
    expect(hasVisibleText("<p>Hallo</p>")).toBe(true);
  });
});
