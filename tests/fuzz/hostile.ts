import fc from "fast-check";
import type { z } from "zod";
import { propertiesOf, validValue, type Hints } from "./schema-arbitrary";

// What a hostile client sends: values of the wrong type, text PostgreSQL cannot store, numbers
// beyond every range, oversized strings, unknown fields, broken JSON, wrong media types and
// odd path segments. Each request is a valid one with one or more of these mutations.

const NUL_AND_SURROGATES = ["\u0000", "a\u0000b", "\u0000\u0000\u0000", "\ud800", "\udfff", "tail\ud83d", "\ude00head", "\udc00\ud800"];
const TRICKY_TEXT = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "%00",
  "%F2%88%88",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${7*7}",
  "\u202eevil",
  "\ufeffbom",
  "\r\n\r\n",
  "\\u0000",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "İ",
  "ß".repeat(300),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUL_AND_SURROGATES) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_TEXT) },
  // Any UTF-16 code units, unpaired surrogates included.
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...NUL_AND_SURROGATES), fc.string({ maxLength: 20 }))
      .map((parts) => parts.join("")),
  },
  // Past every field's limit, below the body limit.
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 150_000 }).map((n) => "x".repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
    2210224512584,
    6755686096181732,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of any JSON type, most of them wrong for the field they land in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], { "": "" }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 25 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const UNKNOWN_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "id",
  "status",
  "published_at",
  "company_id",
  "author_user_id",
  "",
  "\u0000",
  "a.b",
  "$where",
];

/** A JSON text that is not what the endpoint reads: broken, of another type, empty or far too big. */
const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    '{"title":',
    '{"title": "x",}',
    "{'title': 'x'}",
    "[1,2",
    "NaN",
    "undefined",
    "\u0000",
    '{"a":1}{"b":2}',
    "\ufeff{}",
    "nul",
    "tru",
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\\x00"}',
  ),
  fc.constantFrom("null", "true", "0", "-1", '"text"', "[]", "[{}]", "1e999", "{}"),
  fc.integer({ min: 1000, max: 200_000 }).map((depth) => `{"title":${"[".repeat(depth)}${"]".repeat(depth)}}`),
  fc.integer({ min: 1000, max: 100_000 }).map((depth) => "[".repeat(depth)),
  fc.string({ unit: "binary", maxLength: 60 }),
);

const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/jsonp",
  "json",
  "",
  "application/octet-stream",
];

export interface BodyVariant {
  contentType: string | null;
  body: string | undefined;
}

/**
 * A request body for `schema`: mostly a valid object with hostile mutations, sometimes broken
 * JSON, a wrong media type, no body at all or one past the 1 MiB limit.
 */
export function bodyVariant(schema: z.ZodType, hints: Hints): fc.Arbitrary<BodyVariant> {
  const keys = propertiesOf(schema).map((p) => p.name);
  const valid = validValue(schema, hints);
  const json = (value: unknown): BodyVariant => ({ contentType: "application/json", body: JSON.stringify(value) });
  const mutated = fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.constantFrom(...keys, ...UNKNOWN_KEYS), hostileValue), { minLength: 1, maxLength: 3 }),
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
    )
    .map(([value, replacements, removed]) => {
      const out: Record<string, unknown> = { ...value };
      for (const key of removed) delete out[key];
      // defineProperty: a key named __proto__ must be an own property, as JSON.parse makes it.
      for (const [key, v] of replacements)
        Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      return json(out);
    });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(json) },
    { weight: 10, arbitrary: mutated },
    { weight: 2, arbitrary: brokenJson.map((body): BodyVariant => ({ contentType: "application/json", body })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...WRONG_TYPES))
        .map(([v, type]): BodyVariant => ({ contentType: type || null, body: JSON.stringify(v) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyVariant>(
        { contentType: null, body: undefined },
        { contentType: "application/json", body: undefined },
        { contentType: "application/json; charset=utf-16", body: "{}" },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant<BodyVariant>({ contentType: "application/json", body: JSON.stringify({ title: "x".repeat(1_200_000) }) }),
    },
  );
}

/**
 * Percent-encoding as a careless client does it: an unpaired surrogate (which encodeURIComponent
 * refuses) goes out as the bytes of its CESU-8 form, which no UTF-8 decoder accepts.
 */
export function encodeLoosely(text: string): string {
  let out = "";
  for (const ch of text) out += /^[\ud800-\udfff]$/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch);
  return out;
}

/** A query string for `schema`: valid parameters with hostile values, unknown or repeated ones, broken escapes. */
export function queryVariant(schema: z.ZodType | undefined, hints: Hints): fc.Arbitrary<string> {
  const keys = schema ? propertiesOf(schema).map((p) => p.name) : [];
  const valid = schema ? validValue(schema, hints) : fc.constant({} as Record<string, unknown>);
  const encode = (pairs: [string, unknown][]) => pairs.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(String(v))}`).join("&");
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((q) => encode(Object.entries(q))) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          valid,
          fc.array(fc.tuple(fc.constantFrom(...keys, "unknown", "__proto__", "q[]"), fc.oneof(hostileString, hostileNumber)), {
            minLength: 1,
            maxLength: 3,
          }),
        )
        .map(([q, extra]) => encode([...Object.entries(q), ...extra])),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "q=%00",
        "q=%",
        "q=%zz",
        "per_page=%00",
        "page=1e999",
        "page=99999999999",
        "per_page=-1",
        "status=%00",
        "category=%00",
        "category=%F2%88%88",
        "q=%ED%A0%80",
        "limit=Infinity",
        "a",
        "=",
        "&&&",
        "q=1&q=2&q=%00",
      ),
    },
  );
}

/** A path segment where an id belongs: valid ones of the world, and everything else. */
export function idSegment(validIds: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...validIds.map(String)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "2147483648",
        "2210224512584",
        "6755686096181732",
        "281672211577449",
        "99999999999999999999",
        "1.5",
        "1e3",
        "0x1A",
        " 1",
        "%00",
        "%F2%88%88",
        "%25",
        "abc",
        "NaN",
        "Infinity",
        "%2F",
        "%C3%BC",
        "١٢",
        "🤖",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: "binary", minLength: 1, maxLength: 12 })
        .map(encodeLoosely)
        .filter((s) => s !== "." && s !== ".."),
    },
  );
}
