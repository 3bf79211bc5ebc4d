import { describe, expect, it } from "vitest";
import { parseAddress } from "./classify-email";
import { boundedEditDistance, similarAddressPairs, SIMILARITY_REPRESENTATIVES } from "./similar-addresses";

const reps = (...emails: string[]) => emails.map((email) => ({ email, ...parseAddress(email)! }));
const pairsOf = (...emails: string[]) => similarAddressPairs(reps(...emails)).map((p) => `${p.a} ~ ${p.b} (${p.kind} ${p.distance})`);

/** "mz" and five letters, each position a different letter for every i < 26: similar to nothing, sorted between "mailbox" and "nailbox". */
const filler = (i: number) => `mz${[1, 3, 5, 7, 9].map((a, k) => "abcdefghijklmnopqrstuvwxyz"[(i * a + k * 5) % 26]).join("")}`;

describe("boundedEditDistance", () => {
  it("is the Levenshtein distance up to the bound, and bound + 1 beyond it", () => {
    expect(boundedEditDistance("presse", "prese", 1)).toBe(1);
    expect(boundedEditDistance("kontakt", "kontatk", 2)).toBe(2);
    expect(boundedEditDistance("kontakt", "kontatk", 1)).toBe(2);
    expect(boundedEditDistance("abc", "abcdef", 1)).toBe(2);
    expect(boundedEditDistance("same", "same", 0)).toBe(0);
  });
});

describe("the address similarity check", () => {
  it("finds a slip before the @ on the same domain, and in the domain with the same local part", () => {
    expect(pairsOf("presse@mueller-bau.de", "prese@mueller-bau.de", "info@mueller-bau.de")).toEqual([
      "prese@mueller-bau.de ~ presse@mueller-bau.de (local 1)",
    ]);
    expect(pairsOf("info@mueller-bau.de", "info@muller-bau.de", "info@mueller-bau.com")).toEqual([
      "info@mueller-bau.de ~ info@muller-bau.de (domain 1)",
      "info@mueller-bau.com ~ info@mueller-bau.de (domain 3)",
    ]);
    expect(pairsOf("anna.beispielfrau@firma.de", "anna.beispielfaru@firma.de")).toEqual([
      "anna.beispielfaru@firma.de ~ anna.beispielfrau@firma.de (local 2)",
    ]);
  });

  it("leaves alone what says nothing: short names, two free-mail providers, free-mail names one letter apart, exact duplicates", () => {
    expect(
      pairsOf(
        "pr@firma.de",
        "pm@firma.de",
        "max@gmx.de",
        "max@gmx.net",
        "jonas@gmail.com",
        "janas@gmail.com",
        "info@abc.de",
        "info@abd.de",
      ),
    ).toEqual([]);
    expect(pairsOf("presse@firma.de", "presse@firma.de")).toEqual([]);
    expect(pairsOf("johannes.m@gmail.com", "johannes.n@gmail.com")).toEqual(["johannes.m@gmail.com ~ johannes.n@gmail.com (local 1)"]);
  });

  it(`compares each address with at most ${SIMILARITY_REPRESENTATIVES} representatives of its bucket`, () => {
    // "mailbox" and "nailbox" differ by one letter; sorted, the fillers "mz…" stand between them.
    const bucket = (fillers: number, domain: string) =>
      reps(`mailbox@${domain}`, `nailbox@${domain}`, ...Array.from({ length: fillers }, (_, i) => `${filler(i)}@${domain}`));
    const found = (fillers: number) => similarAddressPairs(bucket(fillers, "werk.de"));
    expect(new Set(Array.from({ length: SIMILARITY_REPRESENTATIVES }, (_, i) => filler(i))).size).toBe(SIMILARITY_REPRESENTATIVES);
    // 24 between them: the 25th neighbour, compared.
    expect(found(SIMILARITY_REPRESENTATIVES - 1)).toEqual([{ a: "mailbox@werk.de", b: "nailbox@werk.de", kind: "local", distance: 1 }]);
    // 25 between them: the 26th neighbour, past the cap.
    expect(found(SIMILARITY_REPRESENTATIVES)).toEqual([]);
    // The cap is the window: a wider one finds it.
    expect(similarAddressPairs(bucket(SIMILARITY_REPRESENTATIVES, "werk.de"), 26)).toHaveLength(1);
  });
});
