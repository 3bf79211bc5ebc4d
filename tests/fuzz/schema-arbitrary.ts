import fc from "fast-check";
import { z } from "zod";

// Valid values for a zod schema, drawn through its JSON Schema (the form the OpenAPI document
// publishes). zod-fast-check does not support zod 4, so this covers the keywords our API
// schemas use: object, string (lengths, enum, email, date-time), integer, number, boolean,
// array, anyOf, const, $ref into $defs. `hints` replace the value of a property by name where
// a valid value must come from the test's world (an existing newsroom id, category slug).

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

export type Hints = Record<string, fc.Arbitrary<unknown>>;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Property names of an object schema, with whether each is required. */
export function propertiesOf(schema: z.ZodType): { name: string; required: boolean }[] {
  const root = jsonSchemaOf(schema);
  const object = resolve(root, root);
  return Object.keys(object.properties ?? {}).map((name) => ({ name, required: object.required?.includes(name) ?? false }));
}

function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const name = node.$ref.replace(/^#\/\$defs\//, "");
  return resolve(root.$defs![name]!, root);
}

/** Plausible text: mostly words, sometimes any Unicode (never NUL or broken surrogates: those are the hostile side). */
const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", minLength, maxLength: Math.min(maxLength, minLength + 80) }) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, minLength + 40) })
        .filter((s) => s.length <= maxLength && !s.includes("\u0000")),
    },
  );

function arbitraryOf(node: JsonSchema, root: JsonSchema, hints: Hints, name?: string): fc.Arbitrary<unknown> {
  if (name && hints[name]) return hints[name]!;
  const s = resolve(node, root);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((option) => arbitraryOf(option, root, hints)));
  switch (s.type) {
    case "object": {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) record[key] = arbitraryOf(child, root, hints, key);
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
    case "array":
      return fc.array(arbitraryOf(s.items ?? {}, root, hints), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case "string":
      if (s.format === "email") return fc.emailAddress();
      if (s.format === "date-time")
        return fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
      return text(s.minLength ?? 0, s.maxLength ?? 200);
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1_000_000 });
    case "number":
      return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 1000 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts (as far as its JSON Schema says), with world-bound properties from `hints`. */
export function validValue(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<Record<string, unknown>> {
  const root = jsonSchemaOf(schema);
  return arbitraryOf(root, root, hints) as fc.Arbitrary<Record<string, unknown>>;
}
