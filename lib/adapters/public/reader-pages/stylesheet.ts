import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The reader pages' styles, sent inline: one request fewer before the first paint, and nothing
 * the page needs comes from anywhere else. The files stay real CSS (linted, read by editors);
 * next.config.ts traces them into deployments that ship only the build.
 */
// Literal paths: the bundler traces exactly these files (a computed path would trace the project).
const read = {
  tokens: () => readFileSync(join(process.cwd(), "app/tokens.css"), "utf8"),
  reader: () => readFileSync(join(process.cwd(), "components/portal/reader.css"), "utf8"),
  landing: () => readFileSync(join(process.cwd(), "components/hub/landing/landing.css"), "utf8"),
};
const SHEETS = {
  portal: [read.tokens, read.reader],
  hub: [read.tokens, read.reader, read.landing],
} as const;

export type ReaderSheet = keyof typeof SHEETS;

const loaded = new Map<ReaderSheet, string>();

export function readerStylesheet(sheet: ReaderSheet): string {
  let css = loaded.get(sheet);
  if (css === undefined) {
    css = minify(SHEETS[sheet].map((file) => file()).join("\n"));
    // Read once per process in production; a developer's edit shows on the next request.
    if (process.env.NODE_ENV === "production") loaded.set(sheet, css);
  }
  return css;
}

/** Comments and layout whitespace out; the rules themselves untouched. */
function minify(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .replace(/;}/g, "}")
    .trim();
}
