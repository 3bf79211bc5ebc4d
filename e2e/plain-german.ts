import { readFileSync } from "node:fs";
import { ACTIVITY_TYPES } from "../lib/domains/activity/types";
import { PERMISSIONS } from "../lib/domains/accounts/permissions";

// What a person must not meet on a German screen (issue: plain German everywhere a person reads):
// status codes, commands, environment variable names and the machine's own words for states and
// events. Read from the places that define them, so a new enum value or variable is checked too.
// Inside <code>, <kbd>, <samp>, <pre> and a closed "Technische Details" section they are allowed.

/** Enum values with an underscore (`in_review`, `past_due`): never German. */
function machineEnumValues(): string[] {
  const source = readFileSync("lib/generated/prisma/enums.ts", "utf8");
  return [...new Set([...source.matchAll(/^\s+\w+: '([a-z0-9]+_[a-z0-9_]+)'/gm)].map(([, v]) => v!))];
}

/** Environment variables as docs/configuration.md lists them. */
function environmentVariables(): string[] {
  const doc = readFileSync("docs/configuration.md", "utf8");
  return [...new Set([...doc.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)`/g)].map(([, v]) => v!))];
}

export interface Finding {
  kind: "Statuscode" | "Befehl" | "Umgebungsvariable" | "Maschinenwort";
  found: string;
}

const STATUS_CODE = [
  // The codes an HTTP answer of ours can carry: a count in brackets ("Einträge (144)") is no code.
  /\(\s*(?:200|201|204|301|302|303|307|308|400|401|403|404|405|409|410|413|415|422|429|500|502|503|504)\s*\)/g,
  /\b(?:HTTP|Status(?:code)?)\s+[1-5]\d\d\b/gi,
  /\b[1-5]\d\d\s+(?:Gone|Not Found|Forbidden|Unauthorized)\b/g,
];
/** The machine's English for states, as a raw value shows it ("published · published", "1 releases wait"). */
const ENGLISH_STATE = [
  /(?<![\w-])(?:draft|in review|scheduled|published|rejected|archived|depublished|pending|succeeded|failed|overdue|queued|created)(?![\w-])/g,
  /\b\d+ \w+s wait\b/g,
];
const COMMAND = [/\bnpm run\b[^.;]*/g, /\bnpx\s+\S+/g, /\b[a-z]+(?:-[a-z]+)*:[a-z]+(?:-[a-z]+)+\b/g];

export function plainGermanChecker() {
  const words = [...machineEnumValues(), ...Object.keys(ACTIVITY_TYPES), ...PERMISSIONS];
  const variables = environmentVariables();
  const wordPattern = new RegExp(`(?<![\\w.:-])(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`, "g");
  const variablePattern = new RegExp(`\\b(?:${variables.join("|")})\\b`, "g");
  return (text: string): Finding[] => {
    // Addresses are data, not words: a URL or e-mail address may hold anything.
    const prose = text
      .replace(/\bhttps?:\/\/\S+/g, " ")
      .replace(/\S+@\S+/g, " ")
      .replace(/\b[\w-]+(?:\.[\w-]+)+\/\S*/g, " ");
    const findings: Finding[] = [];
    const add = (kind: Finding["kind"], patterns: RegExp[]) => {
      for (const p of patterns) for (const m of prose.matchAll(p)) findings.push({ kind, found: m[0].trim() });
    };
    add("Statuscode", STATUS_CODE);
    add("Befehl", COMMAND);
    add("Umgebungsvariable", [variablePattern]);
    add("Maschinenwort", [wordPattern, ...ENGLISH_STATE]);
    return findings;
  };
}

/** In the page: the text a person reads, without what may be technical, and the attributes read aloud. */
export function readableTextOfPage(): string {
  const root = document.body.cloneNode(true) as HTMLElement;
  // English passages a person wrote (an English release's title) are marked so and are theirs.
  for (const el of root.querySelectorAll('script, style, template, code, kbd, samp, pre, [data-technical], [lang]:not([lang="de"])'))
    el.remove();
  const attributes = [...root.querySelectorAll("[title], [aria-label], [placeholder], [alt]")].flatMap((el) =>
    ["title", "aria-label", "placeholder", "alt"].map((a) => el.getAttribute(a) ?? ""),
  );
  for (const el of root.querySelectorAll("input, textarea, select")) el.remove();
  return [root.innerText || root.textContent || "", ...attributes].join("\n");
}
