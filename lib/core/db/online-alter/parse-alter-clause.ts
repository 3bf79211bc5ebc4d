import { AppError } from "@/lib/core/errors/errors";

// The clause of `db:online-alter` comes from a person at a console and runs as SQL on the shadow
// table. It is read token by token and rebuilt from the tokens, so what runs is exactly what was
// checked: one ALTER TABLE action list of the allowed verbs, no statement separator, no comment,
// no dollar quoting, no function beyond a short list of harmless ones.

export type AlterVerb = "add column" | "drop column" | "alter column type" | "set default" | "add constraint";

export interface AlterAction {
  verb: AlterVerb;
  /** The column or constraint the action names. */
  name: string;
}

export interface ParsedAlterClause {
  /** The clause rebuilt from its tokens: what runs after `ALTER TABLE <shadow>`. */
  sql: string;
  actions: AlterAction[];
}

type Token = { kind: "word" | "quoted" | "string" | "number" | "punct"; text: string; lower: string };

const PUNCT = ["::", "<=", ">=", "<>", "!=", "||", "(", ")", ",", ".", "[", "]", "+", "-", "*", "/", "<", ">", "="];

/** Words that never belong in a column definition, an expression or a constraint. */
const FORBIDDEN_WORDS = new Set([
  "select",
  "insert",
  "into",
  "from",
  "with",
  "returning",
  "create",
  "alter",
  "drop",
  "rename",
  "owner",
  "grant",
  "revoke",
  "copy",
  "execute",
  "call",
  "do",
  "truncate",
  "vacuum",
  "table",
  "using",
  "cascade",
  "tablespace",
  "function",
  "procedure",
  "language",
  "trigger",
  "lock",
  "listen",
  "notify",
  "commit",
  "rollback",
  "begin",
]);

/** Names that may stand before "(": type modifiers, syntax, and functions without side effects. */
const CALLABLE = new Set([
  "varchar",
  "char",
  "character",
  "varying",
  "numeric",
  "decimal",
  "timestamp",
  "timestamptz",
  "time",
  "timetz",
  "interval",
  "bit",
  "check",
  "key",
  "as",
  "in",
  "not",
  "and",
  "or",
  "array",
  "any",
  "all",
  "default",
  "null",
  "coalesce",
  "nullif",
  "greatest",
  "least",
  "lower",
  "upper",
  "length",
  "char_length",
  "btrim",
  "ltrim",
  "rtrim",
  "left",
  "right",
  "substr",
  "md5",
  "now",
  "clock_timestamp",
  "statement_timestamp",
  "gen_random_uuid",
  "to_tsvector",
  "setweight",
  "array_length",
  "cardinality",
  "concat",
  "concat_ws",
  "abs",
  "round",
  "date_trunc",
  "search_phrase_pairs",
]);

function refuse(message: string): never {
  throw new AppError("validation_failed", `The ALTER TABLE clause cannot be used: ${message}`);
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: Token["kind"], text: string) => tokens.push({ kind, text, lower: text.toLowerCase() });
  while (i < input.length) {
    const c = input[i]!;
    const rest = input.slice(i);
    if (/\s/.test(c)) i++;
    else if (c === ";") refuse('a second statement (";") is not allowed.');
    else if (rest.startsWith("--") || rest.startsWith("/*")) refuse("comments are not allowed.");
    else if (c === "$") refuse("dollar quoting and parameters are not allowed.");
    else if (c === "'") {
      let j = i + 1;
      let text = "";
      for (;;) {
        if (j >= input.length) refuse("a string is not closed.");
        if (input[j] === "'" && input[j + 1] === "'") {
          text += "'";
          j += 2;
        } else if (input[j] === "'") break;
        else text += input[j++];
      }
      if (tokens.at(-1)?.kind === "word" && /\w$/.test(input.slice(0, i))) refuse("prefixed strings (E'', U&'' ...) are not allowed.");
      // A backslash means an escape where standard_conforming_strings is off.
      if (text.includes("\\")) refuse("a backslash in a string is not allowed.");
      push("string", text);
      i = j + 1;
    } else if (c === '"') {
      const end = input.indexOf('"', i + 1);
      const name = end < 0 ? "" : input.slice(i + 1, end);
      if (!/^[A-Za-z0-9_]{1,63}$/.test(name) || input[end + 1] === '"') refuse('quoted names may hold only letters, digits and "_".');
      push("quoted", name);
      i = end + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)![0];
      if (m.length > 63) refuse(`the name "${m.slice(0, 20)}..." is too long.`);
      push("word", m);
      i += m.length;
    } else if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?/.exec(rest)![0];
      push("number", m);
      i += m.length;
    } else {
      const p = PUNCT.find((x) => rest.startsWith(x));
      if (!p) refuse(`the character "${c}" is not allowed.`);
      push("punct", p);
      i += p.length;
    }
  }
  return tokens;
}

/** Splits at commas outside parentheses: one list entry per action. */
function splitActions(tokens: Token[]): Token[][] {
  const actions: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.text === "(" || t.text === "[") depth++;
    if (t.text === ")" || t.text === "]") depth--;
    if (depth < 0) refuse("a parenthesis is closed that was never opened.");
    if (t.kind === "punct" && t.text === "," && depth === 0) actions.push([]);
    else actions.at(-1)!.push(t);
  }
  if (depth !== 0) refuse("a parenthesis is not closed.");
  return actions;
}

const isName = (t: Token | undefined): t is Token => t !== undefined && (t.kind === "quoted" || t.kind === "word");
const nameOf = (t: Token) => (t.kind === "quoted" ? t.text : t.lower);
const render = (t: Token) => (t.kind === "string" ? `'${t.text.replace(/'/g, "''")}'` : t.kind === "quoted" ? `"${t.text}"` : t.text);

/** Types a cast (`::type`) or a typed literal (`date '2026-01-01'`) may name: their input and cast functions have no effect. */
const CAST_TYPES = new Set([
  "int",
  "integer",
  "int2",
  "int4",
  "int8",
  "smallint",
  "bigint",
  "real",
  "float4",
  "float8",
  "double",
  "numeric",
  "decimal",
  "text",
  "varchar",
  "char",
  "character",
  "boolean",
  "bool",
  "date",
  "time",
  "timetz",
  "timestamp",
  "timestamptz",
  "interval",
  "uuid",
  "json",
  "jsonb",
  "tsvector",
  "regconfig",
]);

/** Words a plain string literal may follow; any other word before a string would make it a typed literal. */
const BEFORE_LITERAL = new Set([
  "default",
  "and",
  "or",
  "not",
  "like",
  "ilike",
  "similar",
  "to",
  "when",
  "then",
  "else",
  "zone",
  "any",
  "all",
  "between",
  "symmetric",
  "collate",
]);

/**
 * Checks the part after the action's words (a type, a default, a constraint body) against a
 * whitelist: a call only of a CALLABLE word, never of a quoted or qualified name; no qualified
 * name at all; casts and typed literals only to CAST_TYPES. Operators stay (only the built-in
 * symbols of PUNCT can be written), so no function outside the list can run.
 */
function checkTail(tail: Token[]) {
  tail.forEach((t, k) => {
    const previous = tail[k - 1];
    const next = tail[k + 1];
    if (t.kind === "punct" && t.text === ".") refuse("qualified names (schema.name) are not allowed.");
    if (t.kind === "word" && FORBIDDEN_WORDS.has(t.lower)) refuse(`"${t.text}" is not allowed in an action.`);
    if (isName(t) && next?.text === "(") {
      const reference = previous?.kind === "word" && previous.lower === "references";
      if (!reference && (t.kind === "quoted" || !CALLABLE.has(t.lower))) refuse(`the function "${t.text}" is not allowed.`);
    }
    if (t.text === "::" && t.kind === "punct" && !(next?.kind === "word" && CAST_TYPES.has(next.lower)))
      refuse(`a cast to "${next?.text ?? ""}" is not allowed (only ${[...CAST_TYPES].join(", ")}).`);
    if (t.kind === "string" && previous !== undefined && isName(previous)) {
      if (previous.kind === "quoted" || !(BEFORE_LITERAL.has(previous.lower) || CAST_TYPES.has(previous.lower)))
        refuse(`a literal of type "${previous.text}" is not allowed.`);
    }
  });
}

function readAction(tokens: Token[]): { action: AlterAction; tail: Token[] } {
  const words = tokens.map((t) => (t.kind === "word" ? t.lower : ""));
  let k = 0;
  const take = (...w: string[]) => (w.every((x, n) => words[k + n] === x) ? ((k += w.length), true) : false);
  if (take("add", "constraint")) {
    const name = tokens[k++];
    if (!isName(name)) refuse("ADD CONSTRAINT needs a name.");
    if (!(words[k] === "check" || (words[k] === "foreign" && words[k + 1] === "key")))
      refuse("only CHECK and FOREIGN KEY constraints can be added.");
    if (words.at(-2) !== "not" || words.at(-1) !== "valid") refuse("an added constraint must end with NOT VALID.");
    return { action: { verb: "add constraint", name: nameOf(name) }, tail: tokens.slice(k, -2) };
  }
  if (take("add")) {
    take("column");
    if (take("if") && !take("not", "exists")) refuse("ADD COLUMN IF needs NOT EXISTS.");
    const name = tokens[k++];
    if (!isName(name) || ["constraint", "primary", "unique", "check", "foreign", "exclude"].includes(name.lower))
      refuse("ADD needs a column name (constraints only as ADD CONSTRAINT ... NOT VALID).");
    if (k >= tokens.length) refuse(`the column "${nameOf(name)}" needs a type.`);
    return { action: { verb: "add column", name: nameOf(name) }, tail: tokens.slice(k) };
  }
  if (take("drop")) {
    take("column");
    if (take("if") && !take("exists")) refuse("DROP COLUMN IF needs EXISTS.");
    const name = tokens[k++];
    if (!isName(name) || name.lower === "constraint") refuse("DROP needs a column name.");
    if (k < tokens.length && !(k === tokens.length - 1 && words[k] === "restrict"))
      refuse("DROP COLUMN takes only a column name (no CASCADE).");
    return { action: { verb: "drop column", name: nameOf(name) }, tail: [] };
  }
  if (take("alter")) {
    take("column");
    const name = tokens[k++];
    if (!isName(name)) refuse("ALTER needs a column name.");
    if (take("set", "default")) {
      if (k >= tokens.length) refuse("SET DEFAULT needs a value.");
      return { action: { verb: "set default", name: nameOf(name) }, tail: tokens.slice(k) };
    }
    if (take("set", "data", "type") || take("type")) {
      if (k >= tokens.length) refuse("TYPE needs a type.");
      // USING would be applied to the shadow's empty rows only; the copy casts by assignment.
      return { action: { verb: "alter column type", name: nameOf(name) }, tail: tokens.slice(k) };
    }
    refuse("ALTER COLUMN takes only TYPE or SET DEFAULT.");
  }
  refuse(
    `"${tokens.map(render).join(" ").slice(0, 40)}" is not one of ADD COLUMN, DROP COLUMN, ALTER COLUMN ... TYPE, ALTER COLUMN ... SET DEFAULT, ADD CONSTRAINT ... NOT VALID.`,
  );
}

/** Parses and checks the clause; throws AppError("validation_failed") with the reason. */
export function parseAlterClause(input: string): ParsedAlterClause {
  if (input.length > 4000) refuse("it is longer than 4000 characters.");
  const tokens = tokenize(input);
  if (!tokens.length) refuse("it is empty.");
  if (tokens[0]!.lower === "alter" && tokens[1]?.lower === "table") refuse("give only the actions, without ALTER TABLE <table>.");
  const parts = splitActions(tokens);
  if (parts.some((p) => p.length === 0)) refuse("an action is empty.");
  const actions = parts.map((part) => {
    const { action, tail } = readAction(part);
    checkTail(tail);
    return { action, sql: part.map(render).join(" ") };
  });
  return { sql: actions.map((a) => a.sql).join(", "), actions: actions.map((a) => a.action) };
}
