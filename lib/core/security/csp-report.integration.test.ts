import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspReportRetryAfterSeconds, loggableValue, parseCspReports, recordCspReports, sanitizeReportUrl } from "./csp-report";

describe("CSP reports", () => {
  it("are logged without query strings and token-like path segments", () => {
    expect(sanitizeReportUrl("https://hub.example/login-link/9f8e7d6c5b4a39281706f5e4d3c2b1a0?email=a%40b.de#x")).toBe(
      "https://hub.example/login-link/:token",
    );
    expect(sanitizeReportUrl("https://business.example/de/pressemitteilung/neues-werk-in-brandenburg?utm=1")).toBe(
      "https://business.example/de/pressemitteilung/neues-werk-in-brandenburg",
    );
    expect(sanitizeReportUrl("https://hub.example/reset/abcDEF123456ghiJKL789")).toBe("https://hub.example/reset/:token");
    expect(sanitizeReportUrl("inline")).toBe("inline");
  });

  it("read both report formats", () => {
    expect(
      parseCspReports({
        "csp-report": {
          "document-uri": "https://a.example/x?y=1",
          "blocked-uri": "https://evil.example/s.js",
          "effective-directive": "script-src-elem",
        },
      }),
    ).toEqual([{ documentUri: "https://a.example/x", blockedUri: "https://evil.example/s.js", directive: "script-src-elem" }]);
    expect(
      parseCspReports([
        { type: "csp-violation", body: { documentURL: "https://a.example/", blockedURL: "eval", effectiveDirective: "script-src" } },
      ]),
    ).toEqual([{ documentUri: "https://a.example/", blockedUri: "eval", directive: "script-src" }]);
  });

  it("log each distinct violation at most once an hour (Redis)", async () => {
    const lines: string[] = [];
    const report = {
      "csp-report": {
        "document-uri": "https://a.example/",
        "blocked-uri": `https://evil-${randomBytes(4).toString("hex")}.example/x.js`,
        "effective-directive": "script-src",
      },
    };
    expect(await recordCspReports(report, (l) => lines.push(l))).toBe(1);
    expect(await recordCspReports(report, (l) => lines.push(l))).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^csp violation: script-src blocked https:\/\/evil-/);
  });

  it("are logged as one line however the sender spells its values", async () => {
    const forged = "\n[error] forged";
    const lines: string[] = [];
    const report = {
      "csp-report": {
        "document-uri": `https://a.example/${forged}`,
        "blocked-uri": `inline${forged}`,
        "effective-directive": `script-src-${randomBytes(4).toString("hex")}${forged}`,
      },
    };
    expect(await recordCspReports(report, (l) => lines.push(l))).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(lines[0]).toContain("inline\\n[error] forged");
    expect(lines[0]!.split("\n")).toHaveLength(1);
  });

  it("escape control, separator and format characters JSON-style, and the backslash itself", () => {
    expect(loggableValue("a\r\n[error] b")).toBe("a\\r\\n[error] b");
    expect(loggableValue("a\u2028b\u2029c\u0085d\u001be\u007ff")).toBe("a\\u2028b\\u2029c\\u0085d\\u001be\\u007ff");
    expect(loggableValue("\u202egnp.exe")).toBe("\\u202egnp.exe");
    expect(loggableValue("already\\n escaped")).toBe("already\\\\n escaped");
    expect(loggableValue("\ud800 lone")).toBe("\\ud800 lone");
    expect(loggableValue("https://bücher.example/straße?q=ü")).toBe("https://bücher.example/straße?q=ü");
  });

  it("are throttled per client before they are parsed: 60 requests a minute, then a wait in seconds", async () => {
    const from = (address: string) => new Headers({ "x-forwarded-for": address });
    const results = [];
    for (let i = 0; i < 61; i++) results.push(await cspReportRetryAfterSeconds(from("192.0.2.10")));
    expect(results.slice(0, 60).every((r) => r === null)).toBe(true);
    expect(results[60]).toBeGreaterThanOrEqual(1);
    expect(results[60]).toBeLessThanOrEqual(60);
    expect(await cspReportRetryAfterSeconds(from("192.0.2.11"))).toBeNull();
  });
});
