// Pure (no Node built-ins, no database): the customer's preview, the server's check of that
// preview and the execution of a granted redaction all run this one code path, so what the
// customer confirmed is byte for byte what gets published.
//
// How passages map onto the stored body (sanitised HTML, lib/domains/releases/sanitize.ts):
// - A passage is plain text as the reader sees it (copied from the page). It is matched against
//   the body's visible text: entities decoded, inline tags (<strong>, <a>, ...) contribute
//   nothing, block boundaries (<p>, <br>, <li>, headings, ...) count as whitespace, and every
//   whitespace run counts as one space. Matching is otherwise verbatim (case and punctuation).
// - Every occurrence of a passage is removed (a name redacted once but left standing twice
//   elsewhere would be no redaction). Overlapping or touching occurrences merge into one range.
// - Each removed range becomes one visible marker ("[entfernt]") where it began. Tags stay in
//   place, so the result stays well-formed; elements left empty are dropped, and a link whose
//   text is removed entirely or whose address/title names a passage loses address and title
//   (the element stays, so the tree keeps its shape and re-sanitising changes nothing).
// - Only text is removed and only plain text is inserted, so the result stays sanitised HTML.

export const REDACTION_MARKER = "[entfernt]";

export const REDACTION_LIMITS = {
  /** Passages per request. */
  maxPassages: 20,
  /** Characters per passage (after whitespace is collapsed): shorter would hit words all over. */
  minLength: 3,
  maxLength: 2000,
  /** Share of the body's visible characters one request may remove; beyond it the customer asks for depublication. */
  maxShare: 0.8,
} as const;

export type RedactionCheck = { ok: true; passages: string[] } | { ok: false; errors: string[] };

/** Whitespace collapsed to single spaces, trimmed: the form passages are compared and stored in. */
export function normalizePassage(passage: string): string {
  return passage.replace(/\s+/gu, " ").trim();
}

/** The body's visible text in the form passages are matched against (see the header comment). */
export function redactionText(bodyHtml: string): string {
  return buildIndex(bodyHtml).text;
}

/**
 * Checks a customer's passages against the release body: count, length, verbatim occurrence
 * and share of the text. On success returns the passages normalised and de-duplicated, in the
 * order given; on failure one German message per problem.
 */
export function validateRedactionPassages(bodyHtml: string, passages: readonly string[]): RedactionCheck {
  const errors: string[] = [];
  const cleaned: string[] = [];
  for (const raw of passages) {
    const p = normalizePassage(raw);
    if (p !== "" && !cleaned.includes(p)) cleaned.push(p);
  }
  if (cleaned.length === 0) return { ok: false, errors: ["Bitte mindestens eine Textstelle angeben, die entfernt werden soll."] };
  if (cleaned.length > REDACTION_LIMITS.maxPassages) {
    return { ok: false, errors: [`Höchstens ${REDACTION_LIMITS.maxPassages} Textstellen je Antrag.`] };
  }
  // Only passages of a fitting length are searched: a too long one is not worth reading the text for.
  const fitting = cleaned.map((p) => {
    const length = [...p].length;
    return length >= REDACTION_LIMITS.minLength && length <= REDACTION_LIMITS.maxLength;
  });
  const index = buildIndex(bodyHtml);
  const { removed, occurrences } = removedUnits(
    index,
    cleaned.map((p, i) => (fitting[i] ? p : "")),
  );
  cleaned.forEach((p, i) => {
    const label = `Textstelle ${i + 1}`;
    const length = [...p].length;
    if (length < REDACTION_LIMITS.minLength) {
      errors.push(`${label} ist zu kurz (mindestens ${REDACTION_LIMITS.minLength} Zeichen), sie träfe Wortteile im ganzen Text.`);
    } else if (length > REDACTION_LIMITS.maxLength) {
      errors.push(`${label} ist zu lang (höchstens ${REDACTION_LIMITS.maxLength.toLocaleString("de-DE")} Zeichen).`);
    } else if (occurrences[i] === 0) {
      errors.push(
        `${label} („${excerpt(p)}“) steht nicht wörtlich im Text der Meldung. Bitte genau so übernehmen, wie sie auf der Seite steht.`,
      );
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  let visible = 0;
  let visibleRemoved = 0;
  for (const u of index.units) {
    if (u.seg < 0 || u.space) continue;
    visible++;
    if (removed[u.id]) visibleRemoved++;
  }
  const share = visible === 0 ? 1 : visibleRemoved / visible;
  if (share > REDACTION_LIMITS.maxShare) {
    return {
      ok: false,
      errors: [
        `Die Textstellen umfassen mehr als ${Math.round(REDACTION_LIMITS.maxShare * 100)} % des Textes. Dafür bitte die Depublizierung beantragen.`,
      ],
    };
  }
  return { ok: true, passages: cleaned };
}

/**
 * The body with every occurrence of every passage replaced by the marker. Passages that do not
 * occur change nothing (validate first to tell the customer). Deterministic: same input, same
 * output, which is how the server checks a preview the customer confirmed.
 */
export function redactReleaseBody(bodyHtml: string, passages: readonly string[]): string {
  const cleaned = passages.map(normalizePassage).filter((p) => p !== "");
  if (cleaned.length === 0) return bodyHtml;
  const index = buildIndex(bodyHtml);
  const { removed, any } = removedUnits(index, cleaned);
  const rangeStarts = new Uint8Array(index.units.length);
  let previousRemoved = false;
  for (const u of index.units) {
    if (u.seg < 0) {
      // Each block (paragraph, list item) that loses text shows its own marker.
      previousRemoved = false;
      continue;
    }
    const isRemoved = removed[u.id] === 1;
    if (isRemoved && !previousRemoved) rangeStarts[u.id] = 1;
    // Whitespace between two removed characters belongs to the same range (one marker).
    if (isRemoved || !u.space) previousRemoved = isRemoved;
  }

  const delinked = linksToDisarm(index, removed, cleaned);
  if (!any && delinked.size === 0) return bodyHtml;
  const out: string[] = [];
  index.segments.forEach((seg, segIndex) => {
    if (seg.kind === "tag") {
      out.push(delinked.has(segIndex) ? NO_LINK : seg.raw);
      return;
    }
    const parts: string[] = [];
    for (const u of index.unitsBySegment.get(segIndex) ?? []) {
      if (rangeStarts[u.id]) parts.push(REDACTION_MARKER);
      if (!removed[u.id]) parts.push(seg.raw.slice(u.start, u.end));
    }
    out.push(parts.join(""));
  });
  return dropEmptyElements(out.join(""));
}

/** The same redaction for plain text (title, lead): passages matched with whitespace collapsed. */
export function redactPlainText(text: string, passages: readonly string[]): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const redacted = redactReleaseBody(escaped, passages);
  return redacted.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

// --- internals --------------------------------------------------------------------------------
//
// Every step is linear in the body plus the passages, whatever the text repeats: a customer
// chooses both, and the check runs under the release's row lock and on every view of the
// request in the admin area. (Marking each occurrence unit by unit cost occurrences × passage
// length: seconds for one long passage over a repetitive text.)

type Segment = { kind: "tag"; raw: string } | { kind: "text"; raw: string };
/** One visible character: `seg` is its text segment (-1 for a block boundary), start/end its raw offsets. */
type Unit = { id: number; text: string; space: boolean; seg: number; start: number; end: number };
type Index = {
  segments: Segment[];
  /** Units in document order; a unit's id is its position here. */
  units: Unit[];
  unitsBySegment: Map<number, Unit[]>;
  /** `segmentUnits[i]`: the id of the first unit at or after segment i (one more entry: the end). */
  segmentUnits: Int32Array;
  /** Normalised visible text; text[i] stands for the units spanFirst[i] to spanLast[i]. */
  text: string;
  spanFirst: Int32Array;
  spanLast: Int32Array;
};

const BLOCK_TAG = /^<\/?(p|br|li|ul|ol|blockquote|h[1-6]|div)\b/i;
const ENTITY_AT = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/iy;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function isSpace(s: string): boolean {
  return /^\s+$/u.test(s);
}

function decodeEntity(entity: string): string | null {
  const body = entity.slice(1, -1);
  if (body.startsWith("#")) {
    const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
  }
  return NAMED[body.toLowerCase()] ?? null;
}

function decodeText(raw: string): string {
  return raw.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (entity) => decodeEntity(entity) ?? entity);
}

function buildIndex(html: string): Index {
  const segments: Segment[] = [];
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part === "") continue;
    segments.push(part.startsWith("<") && part.endsWith(">") ? { kind: "tag", raw: part } : { kind: "text", raw: part });
  }
  const units: Unit[] = [];
  const unitsBySegment = new Map<number, Unit[]>();
  const segmentUnits = new Int32Array(segments.length + 1);
  segments.forEach((seg, segIndex) => {
    segmentUnits[segIndex] = units.length;
    if (seg.kind === "tag") {
      if (BLOCK_TAG.test(seg.raw)) units.push({ id: units.length, text: " ", space: true, seg: -1, start: 0, end: 0 });
      return;
    }
    const list: Unit[] = [];
    let i = 0;
    while (i < seg.raw.length) {
      let text: string;
      let end: number;
      ENTITY_AT.lastIndex = i;
      const entity = seg.raw.charCodeAt(i) === 0x26 ? ENTITY_AT.exec(seg.raw) : null;
      const decoded = entity ? decodeEntity(entity[0]) : null;
      if (entity && decoded !== null) {
        text = decoded;
        end = i + entity[0].length;
      } else {
        text = String.fromCodePoint(seg.raw.codePointAt(i) ?? 0);
        end = i + text.length;
      }
      const unit = { id: units.length, text, space: isSpace(text), seg: segIndex, start: i, end };
      units.push(unit);
      list.push(unit);
      i = end;
    }
    unitsBySegment.set(segIndex, list);
  });
  segmentUnits[segments.length] = units.length;

  const chars: string[] = [];
  // A unit gives at most two code units of text (an astral character).
  const spanFirst = new Int32Array(units.length * 2);
  const spanLast = new Int32Array(units.length * 2);
  let length = 0;
  let endsInSpace = false;
  for (const u of units) {
    if (u.space) {
      if (length === 0) continue; // leading whitespace
      if (endsInSpace) spanLast[length - 1] = u.id;
      else {
        chars.push(" ");
        spanFirst[length] = u.id;
        spanLast[length] = u.id;
        length++;
        endsInSpace = true;
      }
      continue;
    }
    for (let k = 0; k < u.text.length; k++) {
      spanFirst[length] = u.id;
      spanLast[length] = u.id;
      length++;
    }
    chars.push(u.text);
    endsInSpace = false;
  }
  if (endsInSpace) {
    chars.pop();
    length--;
  }
  return {
    segments,
    units,
    unitsBySegment,
    segmentUnits,
    text: chars.join(""),
    spanFirst: spanFirst.subarray(0, length),
    spanLast: spanLast.subarray(0, length),
  };
}

/**
 * Calls `hit` with the start of every occurrence of `p` in `text`, overlapping ones included,
 * and returns their number. Knuth–Morris–Pratt: text plus passage length, however often the
 * passage occurs (searching again from each hit re-reads the passage every time).
 */
function eachOccurrence(text: string, p: string, hit: (start: number) => void): number {
  const m = p.length;
  const fallback = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && p.charCodeAt(i) !== p.charCodeAt(k)) k = fallback[k - 1]!;
    if (p.charCodeAt(i) === p.charCodeAt(k)) k++;
    fallback[i] = k;
  }
  let count = 0;
  for (let i = 0, k = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== p.charCodeAt(k)) k = fallback[k - 1]!;
    if (c === p.charCodeAt(k)) k++;
    if (k === m) {
      hit(i - m + 1);
      count++;
      k = fallback[k - 1]!;
    }
  }
  return count;
}

/**
 * Which units any occurrence of any passage covers (1 = removed), how often each passage
 * occurs, and whether anything is removed. Occurrences are counted into a difference array over
 * the text; each maximal covered stretch then marks its units once.
 */
function removedUnits(index: Index, passages: readonly string[]): { removed: Uint8Array; occurrences: number[]; any: boolean } {
  const n = index.text.length;
  const depth = new Int32Array(n + 1);
  const occurrences = passages.map((p) =>
    p === ""
      ? 0
      : eachOccurrence(index.text, p, (at) => {
          depth[at]! += 1;
          depth[at + p.length]! -= 1;
        }),
  );
  const removed = new Uint8Array(index.units.length);
  let any = false;
  const mark = (from: number, to: number) => {
    for (let id = index.spanFirst[from]!; id <= index.spanLast[to]!; id++) {
      if (index.units[id]!.seg >= 0) {
        removed[id] = 1;
        any = true;
      }
    }
  };
  let open = 0;
  let stretch = -1;
  for (let i = 0; i < n; i++) {
    open += depth[i]!;
    if (open > 0 && stretch < 0) stretch = i;
    else if (open === 0 && stretch >= 0) {
      mark(stretch, i - 1);
      stretch = -1;
    }
  }
  if (stretch >= 0) mark(stretch, n - 1);

  // Whitespace between two removed stretches of the same block goes too: they read as one gap.
  let gap: number[] = [];
  let afterRemoved = false;
  for (const u of index.units) {
    if (u.seg < 0) {
      gap = [];
      afterRemoved = false;
    } else if (u.space) {
      if (afterRemoved && !removed[u.id]) gap.push(u.id);
    } else {
      if (removed[u.id] && afterRemoved) for (const id of gap) removed[id] = 1;
      gap = [];
      afterRemoved = removed[u.id] === 1;
    }
  }
  return { removed, occurrences, any };
}

/** What the sanitiser makes of an <a> without address: no link, same element. */
const NO_LINK = '<a rel="nofollow noopener">';

/** Segment indexes of <a> open tags to disarm: link text gone, or address/title naming a passage. */
function linksToDisarm(index: Index, removed: Uint8Array, passages: readonly string[]): Set<number> {
  // Prefix counts over the units: visible characters, and those of them removed. The sanitiser
  // lets links nest and a character counts for every link around it; counting by range keeps
  // that linear however deep the nesting.
  const visible = new Int32Array(index.units.length + 1);
  const gone = new Int32Array(index.units.length + 1);
  for (const u of index.units) {
    const counts = u.seg >= 0 && !u.space ? 1 : 0;
    visible[u.id + 1] = visible[u.id]! + counts;
    gone[u.id + 1] = gone[u.id]! + (counts && removed[u.id] ? 1 : 0);
  }
  const drop = new Set<number>();
  const open: number[] = [];
  index.segments.forEach((seg, segIndex) => {
    if (seg.kind === "text") return;
    if (/^<a\b/i.test(seg.raw)) {
      open.push(segIndex);
    } else if (/^<\/a\s*>/i.test(seg.raw)) {
      const opened = open.pop();
      if (opened === undefined) return;
      const from = index.segmentUnits[opened]!;
      const to = index.segmentUnits[segIndex]!;
      const inside = visible[to]! - visible[from]!;
      const textGone = inside > 0 && gone[to]! - gone[from]! === inside;
      const attrs = index.segments[opened]!.raw;
      const attrTexts = [...attrs.matchAll(/\b(?:href|title)="([^"]*)"/gi)].map((m) => normalizePassage(decodeText(m[1] ?? "")));
      if (textGone || passages.some((p) => attrTexts.some((a) => a.includes(p)))) drop.add(opened);
    }
  });
  return drop;
}

const EMPTY_ELEMENT_OPEN = /^<(p|li|h[1-6]|blockquote|ul|ol|strong|b|em|i|u|sup|sub)>$/i;
const CLOSE_TAG = /^<\/([a-z0-9]+)>$/i;

/**
 * Drops elements the redaction left empty (an element holding only empty elements is empty
 * too) and disarmed links left without text. One pass with the output as a stack: a closing
 * tag right after its own bare opening tag takes both away, which may bring the enclosing
 * opening tag to the top for its own closing tag.
 */
function dropEmptyElements(html: string): string {
  const out: string[] = [];
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part === "") continue;
    const close = CLOSE_TAG.exec(part);
    const top = out[out.length - 1];
    if (close && top !== undefined) {
      const name = close[1]!.toLowerCase();
      const opened = EMPTY_ELEMENT_OPEN.exec(top);
      if ((opened && opened[1]!.toLowerCase() === name) || (name === "a" && top === NO_LINK)) {
        out.pop();
        continue;
      }
    }
    out.push(part);
  }
  return out.join("").trim();
}

function excerpt(p: string): string {
  return p.length > 40 ? `${p.slice(0, 40)}…` : p;
}
