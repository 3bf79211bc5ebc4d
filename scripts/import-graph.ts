// The import graph of lib/ at folder level: which folder imports which, the loops among them,
// and the lazy imports (`await import(...)`) in lib. Reads the sources only (TypeScript's own
// pre-processor finds every static, re-export and dynamic import); runs nothing of the project.
//
// Usage: npx tsx scripts/import-graph.ts [--layers] [--edges] [--json]
// A folder is a layer's first-level folder (`domains/releases`); the runtime layer is one folder.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const LIB = join(ROOT, "lib");
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourcesUnder(path);
    return SOURCE.test(name) && !TEST.test(name) && !name.endsWith(".d.mts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The layers of lib/, bottom to top: a layer imports only its own and lower layers. */
export const LAYERS = ["core", "domains", "adapters", "runtime"] as const;

/**
 * The folder a file of lib/ belongs to: its layer and first folder there (`lib/domains/releases/x/y.ts`
 * → `domains/releases`; `lib/core/process-singleton.ts` → `core/process-singleton`). The runtime
 * layer is one folder; the generated database client counts as core.
 */
export function folderOf(file: string): string {
  const [layer, first, ...rest] = relative(LIB, file).split("/");
  if (layer === "runtime") return "runtime";
  if (layer === "generated") return "core/generated";
  return rest.length ? `${layer}/${first}` : `${layer}/${first!.replace(SOURCE, "")}`;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base || !base.startsWith(LIB + "/")) return null;
  for (const candidate of [
    base,
    ...[".ts", ".tsx", ".mts", ".mjs"].map((e) => base + e),
    ...["index.ts", "index.tsx"].map((i) => join(base, i)),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

export interface ImportGraph {
  /** from folder → to folder → the file pairs that make the arrow. */
  edges: Map<string, Map<string, string[]>>;
  /** `await import(…)` in lib; sameFolder when it stays inside the folder of its file. */
  lazy: { file: string; specifier: string; sameFolder: boolean }[];
}

export function readImportGraph(): ImportGraph {
  const edges: ImportGraph["edges"] = new Map();
  const lazy: ImportGraph["lazy"] = [];
  for (const file of sourcesUnder(LIB)) {
    const text = readFileSync(file, "utf8");
    const info = ts.preProcessFile(text, true, true);
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (!target) continue;
      if (new RegExp(`import\\(\\s*["'\`]${ref.fileName.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["'\`]`).test(text))
        lazy.push({ file: relative(ROOT, file), specifier: ref.fileName, sameFolder: folderOf(file) === folderOf(target) });
      const a = folderOf(file);
      const b = folderOf(target);
      if (a === b) continue;
      const row = edges.get(a) ?? new Map<string, string[]>();
      edges.set(a, row);
      row.set(b, [...(row.get(b) ?? []), `${relative(ROOT, file)} → ${relative(ROOT, target)}`]);
    }
  }
  return { edges, lazy };
}

/** Arrows from a lower layer to a higher one (e.g. a domain importing an adapter). */
export function backwardArrows(edges: ImportGraph["edges"]): { from: string; to: string; pairs: string[] }[] {
  const rank = (folder: string) => LAYERS.indexOf(folder.split("/")[0] as (typeof LAYERS)[number]);
  return [...edges].flatMap(([from, row]) => [...row].filter(([to]) => rank(to) > rank(from)).map(([to, pairs]) => ({ from, to, pairs })));
}

/** Strongly connected components with more than one folder (Tarjan). */
export function loopsOf(edges: ImportGraph["edges"]): string[][] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** Each layer's folders, every folder after the ones it imports (a topological order). */
export function layerOrder(edges: ImportGraph["edges"]): Record<string, string[]> {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (folder: string) => {
    if (seen.has(folder)) return;
    seen.add(folder);
    for (const to of [...(edges.get(folder)?.keys() ?? [])].sort()) visit(to);
    order.push(folder);
  };
  nodes.forEach(visit);
  return Object.fromEntries(LAYERS.map((layer) => [layer, order.filter((f) => f.split("/")[0] === layer)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { edges, lazy } = readImportGraph();
  const loops = loopsOf(edges);
  if (process.argv.includes("--json")) {
    console.log(
      JSON.stringify(
        {
          edges: Object.fromEntries([...edges].map(([a, m]) => [a, Object.fromEntries([...m].map(([b, pairs]) => [b, pairs.length]))])),
          loops,
          lazy,
        },
        null,
        2,
      ),
    );
  } else {
    const arrows = [...edges.values()].reduce((n, m) => n + m.size, 0);
    console.log(
      `lib/: ${new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]).size} folders, ${arrows} folder arrows`,
    );
    console.log(loops.length ? `loops: ${loops.length}` : "loops: none");
    const backward = backwardArrows(edges);
    console.log(backward.length ? `backward arrows between layers: ${backward.length}` : "backward arrows between layers: none");
    for (const b of backward) console.log(`  ${b.from} → ${b.to}: ${b.pairs.join("; ")}`);
    for (const loop of loops) console.log(`  ${loop.length} folders: ${loop.join(", ")}`);
    console.log(lazy.length ? `lazy imports in lib: ${lazy.length}` : "lazy imports in lib: none");
    for (const l of lazy)
      console.log(`  ${l.file}: import("${l.specifier}")${l.sameFolder ? " (inside its folder)" : " (LEAVES ITS FOLDER)"}`);
    if (process.argv.includes("--layers")) {
      for (const [layer, folders] of Object.entries(layerOrder(edges)).reverse())
        console.log(`${layer}: ${folders.map((f) => f.split("/")[1] ?? f).join(" ← ")}`);
    }
    if (process.argv.includes("--edges")) {
      for (const [a, m] of [...edges].sort())
        for (const [b, pairs] of [...m].sort()) console.log(`${a} → ${b} (${pairs.length}): ${pairs[0]}${pairs.length > 1 ? " …" : ""}`);
    }
  }
}
