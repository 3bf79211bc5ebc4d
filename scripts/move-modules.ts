// Moves files or folders and rewrites every import, re-export, vi.mock and path string that
// points at them (alias `@/…` and relative specifiers alike), plus the paths docs mention.
//
// Usage: npx tsx scripts/move-modules.ts lib/a/x.ts=lib/b/x.ts lib/c=lib/domains/c …
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", ".next", ".git", ".data", "generated", "test-results", "playwright-report"]);
const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js", ".d.mts"];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const moves = process.argv.slice(2).map((arg) => {
  const [from, to] = arg.split("=");
  if (!from || !to) throw new Error(`expected from=to, got ${arg}`);
  return { from: resolve(ROOT, from), to: resolve(ROOT, to) };
});

/** Where a path (file or folder) lives after the moves. */
function moved(path: string): string {
  for (const { from, to } of moves) {
    if (path === from) return to;
    if (path.startsWith(from + "/")) return to + path.slice(from.length);
  }
  return path;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The new spelling of a specifier written in `file` (old place) when `file` moves to `next`. */
function rewrite(specifier: string, file: string, next: string): string | null {
  const alias = specifier.startsWith("@/");
  const base = alias ? join(ROOT, specifier.slice(2)) : resolve(dirname(file), specifier);
  const target =
    [base, ...EXTENSIONS.map((e) => base + e)].find(isFile) ??
    [...EXTENSIONS.map((e) => join(base, "index" + e))].find(isFile) ??
    (existsSync(base) ? base : null);
  if (!target) return null;
  const suffix = target === base ? "" : target.slice(base.length); // ".ts" or "/index.ts"
  const newTarget = moved(target);
  if (newTarget === target && next === file) return null;
  const newBase = suffix ? newTarget.slice(0, newTarget.length - suffix.length) : newTarget;
  if (alias) return "@/" + relative(ROOT, newBase);
  const rel = relative(dirname(next), newBase);
  return rel.startsWith(".") ? rel : "./" + rel;
}

const files = walk(ROOT);
const pending = new Map<string, string>(); // new path → new text
const SPEC = /(["'`])((?:@\/|\.\.?\/)[^"'`\s$]+)\1/g;
for (const file of files) {
  const next = moved(file);
  const text = readFileSync(file, "utf8");
  let out = text;
  if (CODE.test(file)) {
    out = text.replace(SPEC, (whole, quote: string, specifier: string) => {
      const replaced = rewrite(specifier, file, next);
      return replaced ? quote + replaced + quote : whole;
    });
  } else if (/\.(md|json|yml|yaml|sh|prisma)$/.test(file) || file.endsWith("/run")) {
    for (const { from, to } of moves) {
      const a = relative(ROOT, from);
      const b = relative(ROOT, to);
      const pattern = new RegExp(`(?<![\\w/.-])${a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[/\`'")\\s:,#]|$)`, "gm");
      out = out.replace(pattern, b);
      if (extname(a)) {
        const bare = a.slice(0, -extname(a).length);
        const bareTo = b.slice(0, -extname(b).length);
        out = out.replace(new RegExp(`(?<![\\w/.-])${bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\`'")\\s:,#]|$)`, "gm"), bareTo);
      }
    }
  }
  if (out !== text || next !== file) pending.set(next, out);
}
// Rewrites are computed against the old tree first; only then does anything move.
for (const file of files) {
  const next = moved(file);
  if (next === file) continue;
  mkdirSync(dirname(next), { recursive: true });
  const tracked = execFileSync("git", ["ls-files", file], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
  execFileSync(tracked ? "git" : "mv", tracked ? ["mv", file, next] : [file, next], { cwd: ROOT });
}
for (const [path, text] of pending) writeFileSync(path, text);
console.log(`moved ${files.filter((f) => moved(f) !== f).length} files; rewrote ${pending.size} files`);
