// The built-in PDF fonts (Helvetica) write WinAnsi only. Umlauts, ß, € and the German quotes are
// in it; anything else (Polish Ł, emoji, CJK) would print as garbage, so it is folded to its
// base letter where one exists and replaced by "?" where none does.

const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

const FOLDS: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  ı: "i",
  Ħ: "H",
  ħ: "h",
  "\u202f": "\u00a0",
  "\u2009": " ",
  "\u2212": "-",
};

function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/** Text the standard fonts can print: line breaks kept, other controls become spaces, the rest folded or "?". */
export function pdfText(value: string): string {
  let out = "";
  for (const ch of value.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (isWinAnsi(cp) || ch === "\n") out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += " ";
    else if (FOLDS[ch]) out += FOLDS[ch];
    else {
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => isWinAnsi(c.codePointAt(0)!)) ? base : "?";
    }
  }
  return out;
}
