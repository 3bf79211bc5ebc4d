import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseCspReports, recordCspReports, sanitizeReportUrl } from "./csp-report";

describe("CSP reports", () => {
  it("are logged without query strings and token-like path segments", () => {
    expect(sanitizeReportUrl("https://hub.example/login-link/9f8e7d6c5b4a39281706f5e4d3c2b1a0?email=a%40b.de#x")).toBe("https://hub.example/login-link/:token");
    expect(sanitizeReportUrl("https://business.example/de/pressemitteilung/neues-werk-in-brandenburg?utm=1")).toBe("https://business.example/de/pressemitteilung/neues-werk-in-brandenburg");
    expect(sanitizeReportUrl("https://hub.example/reset/abcDEF123456ghiJKL789")).toBe("https://hub.example/reset/:token");
    expect(sanitizeReportUrl("inline")).toBe("inline");
  });

  it("read both report formats", () => {
    expect(parseCspReports({ "csp-report": { "document-uri": "https://a.example/x?y=1", "blocked-uri": "https://evil.example/s.js", "effective-directive": "script-src-elem" } })).toEqual([
      { documentUri: "https://a.example/x", blockedUri: "https://evil.example/s.js", directive: "script-src-elem" },
    ]);
    expect(parseCspReports([{ type: "csp-violation", body: { documentURL: "https://a.example/", blockedURL: "eval", effectiveDirective: "script-src" } }])).toEqual([
      { documentUri: "https://a.example/", blockedUri: "eval", directive: "script-src" },
    ]);
  });

  it("log each distinct violation at most once an hour (Redis)", async () => {
    const lines: string[] = [];
    const report = { "csp-report": { "document-uri": "https://a.example/", "blocked-uri": `https://evil-${randomBytes(4).toString("hex")}.example/x.js`, "effective-directive": "script-src" } };
    expect(await recordCspReports(report, (l) => lines.push(l))).toBe(1);
    expect(await recordCspReports(report, (l) => lines.push(l))).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^csp violation: script-src blocked https:\/\/evil-/);
  });
});
