import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, publicPagePolicy, withoutNonce } from "./public-csp";

const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("the policy of a stored public page", () => {
  const html = [
    `<html><head><script src="/_next/static/chunks/a.js" async="" integrity="sha256-x"></script>`,
    `<script type="application/ld+json">{"@type":"NewsArticle"}</script></head><body>`,
    `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
    `<script>self.__next_f.push([1,"ä\\u003c/x"])</script>`,
    `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
    `<SCRIPT type="module">import("/x.js")</SCRIPT></body></html>`,
  ].join("\n");

  it("allows each inline script by the hash of its exact text, once, and nothing that does not run", () => {
    expect(inlineScriptHashes(html, null)).toEqual([
      sha("(self.__next_f=self.__next_f||[]).push([0])"),
      sha(`self.__next_f.push([1,"ä\\u003c/x"])`),
      sha(`import("/x.js")`),
    ]);
  });

  it("holds no nonce and no unsafe-inline for scripts, and is the same for the same bytes", () => {
    const policy = publicPagePolicy(html, null);
    expect(policy).not.toMatch(/nonce-|'unsafe-inline' [^;]*;|script-src[^;]*unsafe/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("require-trusted-types-for 'script'");
    expect(policy).toBe(publicPagePolicy(html, null));
    expect(policy).not.toBe(publicPagePolicy(html.replace("[0]", "[9]"), null));
  });

  it("of a render, hashes only the scripts that carry its nonce: a script that came in with content is not allowed", () => {
    const rendered = [
      `<script nonce="N1">self.__next_f.push([1])</script>`,
      `<div class="body"><script>alert(document.domain)</script></div>`,
      `<script nonce='other'>stolen()</script>`,
      `<script src="/_next/static/chunks/a.js" nonce="N1" async=""></script>`,
    ].join("");
    expect(inlineScriptHashes(rendered, "N1")).toEqual([sha("self.__next_f.push([1])")]);
    expect(publicPagePolicy(rendered, "N1")).not.toContain(sha("alert(document.domain)"));
    expect(withoutNonce(rendered, "N1")).not.toContain("N1");
    expect(withoutNonce(rendered, "N1")).toContain(`<script>self.__next_f.push([1])</script>`);
    // Next also writes the nonce into its inline data: the hash is of the text as served, without it.
    const inData = `<script nonce="N1">self.__next_f.push([1,"{\\"nonce\\":\\"N1\\"}"])</script>`;
    const served = withoutNonce(inData, "N1");
    expect(served).not.toContain("N1");
    expect(inlineScriptHashes(inData, "N1")).toEqual(inlineScriptHashes(served, null));
    expect(withoutNonce(`</a.css>; rel=preload; as="style"; nonce="N1"`, "N1")).toBe(`</a.css>; rel=preload; as="style"`);
  });
});
