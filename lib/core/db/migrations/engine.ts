import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

// Prisma's schema engine as WebAssembly: migrations are generated and applied without the
// downloaded native binary. The package's own entry imports the .wasm as an ES module, which
// plain Node needs a flag for, so the module is instantiated here by hand.
type BgModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let bgModule: Promise<BgModule> | undefined;

async function loadEngineModule(): Promise<BgModule> {
  const require = createRequire(import.meta.url);
  // The .wasm file is not in the package's export map; it sits beside the exported glue module.
  const wasmPath = join(dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
  const bg = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as BgModule;
  const bytes = await readFile(wasmPath);
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg as never });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg;
}

export const NO_FILTERS = { externalTables: [] as string[], externalEnums: [] as string[] };

interface ScriptAdapter {
  executeScript(script: string): Promise<void>;
  client: { query(sql: string): Promise<unknown> };
  onError(error: unknown): never;
}

/**
 * The pg adapter runs a migration script by splitting it at every `;`, which cuts PL/pgSQL
 * bodies (`$$ ... ; ... $$`) apart. PostgreSQL accepts a whole multi-statement script as one
 * simple query, as `prisma migrate deploy` sends it, so the adapter is made to do that.
 */
function wholeScriptFactory(factory: PrismaPg, opened: { dispose(): Promise<void> }[]): PrismaPg {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    opened.push(adapter);
    const scriptAdapter = adapter as unknown as ScriptAdapter;
    scriptAdapter.executeScript = async (script: string) => {
      try {
        await scriptAdapter.client.query(script);
      } catch (error) {
        scriptAdapter.onError(error);
      }
    };
    return adapter;
  };
  return factory;
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections (a template database must have none left). */
  close(): Promise<void>;
}

/** One engine bound to a database and a schema. Always close() it. */
export async function openSchemaEngine(connectionString: string, schemaText: string): Promise<OpenEngine> {
  bgModule ??= loadEngineModule();
  const bg = await bgModule;
  const opened: { dispose(): Promise<void> }[] = [];
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScriptFactory(new PrismaPg({ connectionString, max: 1 }), opened));
  const engine = await bg.SchemaEngine.new({ datamodels: [["schema.prisma", schemaText]] }, () => {}, adapter);
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    },
  };
}

/** SQL that turns schema `from` (empty when null) into schema `to`; no database needed. */
export async function diffSchemas(engine: SchemaEngine, from: string | null, to: string): Promise<string> {
  const result = await engine.diff({
    from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: from }] },
    to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: to }] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  } as Parameters<SchemaEngine["diff"]>[0]);
  return result.stdout ?? "";
}
