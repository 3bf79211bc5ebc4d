import { describe, expect, it } from "vitest";
import { mailDomainOf, normalizeMailDomain } from "./domain-name";

describe("the lookup form of a mail domain", () => {
  it("lower-cases, drops the root dot and writes IDN in punycode", () => {
    expect(normalizeMailDomain(" Firma.EXAMPLE. ")).toBe("firma.example");
    expect(normalizeMailDomain("Müller.de")).toBe("xn--mller-kva.de");
    expect(mailDomainOf("Presse@Sub.Firma.DE")).toBe("sub.firma.de");
    expect(mailDomainOf('"a@b"@firma.de')).toBe("firma.de");
  });

  it("refuses what is not a host name, so no lookup is made for it", () => {
    for (const bad of [
      "",
      ".",
      "localhost",
      "firma",
      "1.2.3.4",
      "[1.2.3.4]",
      "-firma.de",
      "firma-.de",
      "fir ma.de",
      "fir%41ma.de",
      "a..de",
      "firma_x.de",
      `${"x".repeat(64)}.de`,
      `${"a.".repeat(127)}de`,
      "firma.de/x",
      "firma.de\u0000",
    ]) {
      expect(normalizeMailDomain(bad), bad).toBeNull();
    }
    expect(mailDomainOf("no-at-sign")).toBeNull();
    expect(mailDomainOf("@firma.de")).toBeNull();
    expect(mailDomainOf("presse@")).toBeNull();
  });
});
