import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { backwardArrows, loopsOf, readImportGraph } from "@/scripts/import-graph";

// The layers of lib/ (docs/architecture.md): the folder graph has no loop and no arrow from a
// lower layer to a higher one. Lazy imports are arrows too, so none can hide a loop.
describe("lib/ in layers", () => {
  const graph = readImportGraph();

  it("has no import loop between folders", () => {
    expect(loopsOf(graph.edges)).toEqual([]);
  });

  it("has no arrow from a lower layer to a higher one", () => {
    expect(backwardArrows(graph.edges).map((b) => `${b.from} → ${b.to}: ${b.pairs[0]}`)).toEqual([]);
  });

  it("keeps every lazy import inside its own folder", () => {
    expect(graph.lazy.filter((l) => !l.sameFolder)).toEqual([]);
  });

  it("imports relatively in .mjs files, which Node loads without the @/ alias (the cache handler, the server)", () => {
    const mjs = ["lib", "scripts"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".mjs"))
        .map((f) => join(dir, f)),
    );
    expect(mjs.length).toBeGreaterThan(3);
    const aliased = mjs.filter((file) => /from ["']@\//.test(readFileSync(file, "utf8")));
    expect(aliased).toEqual([]);
  });

  it("fails lint on a backward import (a deliberate violation)", async () => {
    const eslint = new ESLint();
    const code = 'import { publishRelease } from "@/lib/domains/releases/publish-release";\nexport const p = publishRelease;\n';
    const [core] = await eslint.lintText(code, { filePath: "lib/core/deliberate-violation.ts" });
    const [adapter] = await eslint.lintText(code, { filePath: "lib/adapters/api/deliberate-violation.ts" });
    expect(core!.messages.map((m) => m.ruleId)).toContain("import/no-restricted-paths");
    expect(adapter!.messages.map((m) => m.ruleId)).not.toContain("import/no-restricted-paths");
  }, 60_000);
});
