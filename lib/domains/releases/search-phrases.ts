import { createHash } from "node:crypto";

// Phrase searches narrow by word pairs (prisma/sql/search.sql): the mirror keeps, for each
// release, the keys of every two lexemes that stand side by side in its own language's
// tsvector, GIN-indexed. A release matching `'werk' <-> 'energi'` holds the pair key of
// ("werk", "energi"), so the pairs a query requires pick its candidates even when both words
// are in every release. Keys are the first 32 bits of md5("left right"); a collision only adds
// candidates, which the phrase check itself then drops.

/** The key of two adjacent lexemes, as search_phrase_pairs() in prisma/sql/search.sql computes it. */
export function pairKey(left: string, right: string): number {
  return createHash("md5").update(`${left} ${right}`, "utf8").digest().readInt32BE(0);
}

type Node =
  | { t: "lexeme"; v: string; prefix: boolean }
  | { t: "not"; c: Node }
  | { t: "and" | "or"; l: Node; r: Node }
  | { t: "phrase"; distance: number; l: Node; r: Node };

type Token = { k: "lexeme"; v: string; prefix: boolean } | { k: "op"; v: "!" | "&" | "|" | "(" | ")" } | { k: "phrase"; distance: number };

/** The tokens of a tsquery as PostgreSQL prints it (`'a' <-> 'b' & !( 'c' | 'd' )`). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " ") i++;
    else if (c === "'") {
      // Quoted lexeme: '' is a quote and a backslash escapes the next character.
      let v = "";
      for (i++; i < text.length; i++) {
        if (text[i] === "\\") v += text[++i] ?? "";
        else if (text[i] === "'" && text[i + 1] === "'") v += text[i++];
        else if (text[i] === "'") break;
        else v += text[i];
      }
      i++;
      const flags = /^:[*A-D]+/.exec(text.slice(i))?.[0] ?? "";
      i += flags.length;
      tokens.push({ k: "lexeme", v, prefix: flags.includes("*") });
    } else if (c === "<") {
      const m = /^<(-|\d+)>/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected "${text.slice(i, i + 8)}" in a tsquery`);
      tokens.push({ k: "phrase", distance: m[1] === "-" ? 1 : Number(m[1]) });
      i += m[0].length;
    } else if ("!&|()".includes(c)) {
      tokens.push({ k: "op", v: c as "!" | "&" | "|" | "(" | ")" });
      i++;
    } else throw new Error(`unexpected "${c}" in a tsquery`);
  }
  return tokens;
}

/** Precedence as in the tsquery grammar: ! binds tighter than <->, then &, then |. */
function parse(tokens: Token[]): Node | null {
  let at = 0;
  const isOp = (v: string) => {
    const tok = tokens[at];
    return tok?.k === "op" && tok.v === v;
  };
  const or = (): Node => {
    let l = and();
    while (isOp("|")) {
      at++;
      l = { t: "or", l, r: and() };
    }
    return l;
  };
  const and = (): Node => {
    let l = phrase();
    while (isOp("&")) {
      at++;
      l = { t: "and", l, r: phrase() };
    }
    return l;
  };
  const phrase = (): Node => {
    let l = unary();
    for (let tok = tokens[at]; tok?.k === "phrase"; tok = tokens[at]) {
      at++;
      l = { t: "phrase", distance: tok.distance, l, r: unary() };
    }
    return l;
  };
  const unary = (): Node => {
    const tok = tokens[at++];
    if (tok?.k === "lexeme") return { t: "lexeme", v: tok.v, prefix: tok.prefix };
    if (tok?.k === "op" && tok.v === "!") return { t: "not", c: unary() };
    if (tok?.k === "op" && tok.v === "(") {
      const inner = or();
      if (!isOp(")")) throw new Error("unbalanced parentheses in a tsquery");
      at++;
      return inner;
    }
    throw new Error("unexpected end of a tsquery");
  };
  if (!tokens.length) return null;
  const root = or();
  if (at !== tokens.length) throw new Error("trailing tokens in a tsquery");
  return root;
}

/** The lexeme a phrase side starts or ends with, when it is one plain lexeme. */
function edge(n: Node, side: "first" | "last"): string | null {
  if (n.t === "lexeme") return n.prefix ? null : n.v;
  if (n.t === "phrase") return edge(side === "first" ? n.l : n.r, side);
  return null;
}

function collect(n: Node, out: Map<string, [string, string]>): void {
  // Only what every match must hold: both sides of an AND, never under OR or NOT.
  if (n.t === "and") {
    collect(n.l, out);
    collect(n.r, out);
  }
  if (n.t !== "phrase") return;
  collect(n.l, out);
  collect(n.r, out);
  const [left, right] = [edge(n.l, "last"), edge(n.r, "first")];
  if (n.distance === 1 && left !== null && right !== null) out.set(`${left} ${right}`, [left, right]);
}

/**
 * The adjacent lexeme pairs every match of a tsquery must contain (from its printed form, e.g.
 * `websearch_to_tsquery(...)::text`): the `<->` links between plain lexemes that are not under
 * OR or NOT. Empty for a query without such phrases.
 */
export function requiredPairs(tsquery: string): [string, string][] {
  const root = parse(tokenize(tsquery.trim()));
  const out = new Map<string, [string, string]>();
  if (root) collect(root, out);
  return [...out.values()];
}
