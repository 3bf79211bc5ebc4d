// Pure (no Node built-ins): the paid-change form shows the same figure in the browser that the
// server enforces (spec 4.5/8: `legal.change_max_distance_percent`).
import { textWithoutMarkup } from "@/lib/domains/releases/text-without-markup";

export interface ChangeText {
  title: string;
  lead: string | null;
  /** HTML as stored or as the editor hands it over; only its text counts. */
  body: string;
}

/** Punctuation around a word: a link or bold ending before the full stop leaves "Wort ." behind. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The words readers see: title, lead and body text without markup, punctuation at their edges dropped. */
export function wordsOf(text: ChangeText): string[] {
  const plain = `${text.title}\n${text.lead ?? ""}\n${textWithoutMarkup(text.body)}`;
  return plain
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, ""))
    .filter(Boolean);
}

/**
 * Word-level Levenshtein distance. The common prefix and suffix are cut off first, so a long
 * text changed in one place compares only the changed stretch; the rest runs over two rows of
 * integer word ids.
 */
export function wordDistance(a: readonly string[], b: readonly string[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0) return m;
  if (m === 0) return n;

  const ids = new Map<string, number>();
  const idOf = (w: string) => {
    let id = ids.get(w);
    if (id === undefined) ids.set(w, (id = ids.size));
    return id;
  };
  const x = Int32Array.from({ length: n }, (_, i) => idOf(a[start + i]!));
  const y = Int32Array.from({ length: m }, (_, j) => idOf(b[start + j]!));

  let prev = Int32Array.from({ length: m + 1 }, (_, j) => j);
  let row = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= m; j++) {
      const substitute = prev[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      const remove = prev[j]! + 1;
      const insert = row[j - 1]! + 1;
      row[j] = substitute < remove ? (substitute < insert ? substitute : insert) : remove < insert ? remove : insert;
    }
    [prev, row] = [row, prev];
  }
  return prev[m]!;
}

/** Edit distance in percent of the words before, rounded up: one changed word of 5,000 is 1 %. */
export function editDistancePercent(before: ChangeText, after: ChangeText): number {
  const a = wordsOf(before);
  const distance = wordDistance(a, wordsOf(after));
  return Math.ceil((distance * 100) / Math.max(a.length, 1));
}
