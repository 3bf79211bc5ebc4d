import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { withoutUnstorableChars } from "@/lib/core/input/text";
import { Prisma } from "@/lib/generated/prisma/client";

// Excerpts for a page of search results: where the searched words stand in a release's lead and
// body, as PostgreSQL's ts_headline finds them in the edition's configuration (so "Windpark"
// marks "Windparks"). The answer is never HTML: ts_headline marks its hits with two control
// characters that the source text is stripped of first, and the marked text is cut into
// segments a page renders as text, a hit in <mark>. A release cannot forge a highlight, and no
// release text reaches a page as markup.

export interface ExcerptSegment {
  text: string;
  hit: boolean;
}

/** At most this many releases per call: one page of results. */
export const MAX_EXCERPT_IDS = 50;
/** The opening shown when the words give nothing to mark: about this many characters. */
export const OPENING_LENGTH = 200;
/**
 * ts_headline parses the whole text it is given: a release's first this many characters are
 * searched for the excerpt (a long body's later hits are not marked, the release still found).
 */
const HEADLINE_TEXT_LIMIT = 20_000;

const START = "\u0002";
const STOP = "\u0003";
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … "`;

// Configurations written out, as search-matches.ts does: the planner folds each tsquery once.
const config = (language: "de" | "en") => (language === "de" ? Prisma.sql`'german'::regconfig` : Prisma.sql`'english'::regconfig`);

/**
 * The marked excerpt of each release in `ids` (press_release_search: lead and body), for the
 * words `q` as websearch_to_tsquery reads them in `language` ('german' / 'english'). Words that
 * leave nothing to search (empty, stop words, signs) or mark nothing in the text give the
 * opening of the lead (or of the body without a lead), about OPENING_LENGTH characters, as one
 * segment without a hit. Releases missing from the mirror are missing from the map.
 */
export async function searchExcerpts(
  ids: number[],
  q: string,
  language: "de" | "en",
): Promise<Map<number, { segments: ExcerptSegment[] }>> {
  if (ids.length > MAX_EXCERPT_IDS)
    throw new AppError("validation_failed", `Excerpts are made for at most ${MAX_EXCERPT_IDS} releases at once.`, undefined, [
      { path: "ids", message: `At most ${MAX_EXCERPT_IDS}.` },
    ]);
  if (language !== "de" && language !== "en")
    throw new AppError("validation_failed", "Unknown language.", undefined, [{ path: "language", message: "de or en." }]);
  // Ids outside the integer column's range name no release (and would make the query fail).
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  const out = new Map<number, { segments: ExcerptSegment[] }>();
  if (!wanted.length) return out;
  // The words only find; what cannot be stored is dropped rather than refused.
  const words = withoutUnstorableChars(typeof q === "string" ? q : "").trim();
  const rows = await db.$queryRaw<{ id: number; headline: string | null; opening: string }[]>`
    SELECT s.press_release_id AS id,
           CASE WHEN numnode(query) > 0 THEN ts_headline(${config(language)},
             translate(left(concat_ws(' ', s.lead, s.body_text), ${HEADLINE_TEXT_LIMIT}), ${START + STOP}, ''),
             query, ${OPTIONS}) END AS headline,
           left(coalesce(nullif(btrim(s.lead), ''), s.body_text), ${OPENING_LENGTH * 2}) AS opening
    FROM press_release_search s, websearch_to_tsquery(${config(language)}, ${words}) query
    WHERE s.press_release_id = ANY(${wanted}::int[])`;
  for (const row of rows) {
    const segments = row.headline === null ? [] : headlineSegments(row.headline);
    out.set(row.id, { segments: segments.some((s) => s.hit) ? segments : openingSegments(row.opening) });
  }
  return out;
}

const tidy = (text: string) => text.replace(/\s+/g, " ");

/** ts_headline's answer cut at its markers: text between START and STOP is a hit. */
export function headlineSegments(marked: string): ExcerptSegment[] {
  const segments: ExcerptSegment[] = [];
  let hit = false;
  let text = "";
  const push = () => {
    const tidied = tidy(text);
    text = "";
    if (!tidied) return;
    const last = segments.at(-1);
    if (last && last.hit === hit) last.text += tidied;
    else segments.push({ text: tidied, hit });
  };
  for (const ch of marked) {
    if (ch === START || ch === STOP) {
      push();
      hit = ch === START;
    } else text += ch;
  }
  push();
  // No space before the first word or after the last.
  const first = segments[0];
  if (first) first.text = first.text.trimStart();
  const last = segments.at(-1);
  if (last) last.text = last.text.trimEnd();
  return segments.filter((s) => s.text);
}

/** About OPENING_LENGTH characters of `text`, cut after a word, as one segment without a hit. */
export function openingSegments(text: string): ExcerptSegment[] {
  const chars = Array.from(tidy(text.replace(/[\u0002\u0003]/g, "")).trim());
  if (!chars.length) return [];
  if (chars.length <= OPENING_LENGTH) return [{ text: chars.join(""), hit: false }];
  const cut = chars.slice(0, OPENING_LENGTH + 1).join("");
  const space = cut.lastIndexOf(" ");
  const opening = (space > OPENING_LENGTH * 0.6 ? cut.slice(0, space) : cut.slice(0, -1)).replace(/[\s,;:–-]+$/, "");
  return [{ text: `${opening} …`, hit: false }];
}
