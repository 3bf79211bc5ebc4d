import { describe, expect, it } from "vitest";
import { envelopeLeaks } from "./sentry-envelope-check";

// The leak check guards every captured event of the suite: it must find real addresses and
// must not cry wolf at SQL casts in span statements, or nobody would trust it.

const envelopeWith = (text: string) => [{ header: {}, items: [{ type: "event", payload: { message: text } }] }];

describe("envelope leak check", () => {
  it.each(["client 2001:db8::1 connected", "from [fe80::1%eth0]", "peer ::1 closed", "at 10.0.0.7 now"])(
    "finds the address in %s",
    (text) => {
      expect(envelopeLeaks(envelopeWith(text))).toHaveLength(1);
    },
  );

  it.each(["UPDATE t SET a = $6::int, b = $12::jsonb", "SELECT 'x'::text, 2::bigint", "at 12:30:15 today"])(
    "takes no SQL cast or clock time for an address: %s",
    (text) => {
      expect(envelopeLeaks(envelopeWith(text))).toEqual([]);
    },
  );
});

describe("envelope leak check on long text", () => {
  it("reads a megabyte of hex ids and colons in well under a second", () => {
    const text = `${"0123456789abcdef".repeat(32_768)} ${"a:".repeat(100_000)}`;
    const started = performance.now();
    envelopeLeaks(envelopeWith(text));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("envelope leak check finds queries and addresses inside text", () => {
  it.each([
    "GET /login-link?token=abc",
    "see https://hub.example/x?y=1 now",
    "mail to jane.doe@example.com today",
    "an jürgen@beispiel.de",
    "jane%40example.com",
  ])("%s", (text) => {
    expect(envelopeLeaks(envelopeWith(text)).length).toBeGreaterThan(0);
  });

  it.each(["GET /login-link", "what? no", "/a/b/c?"])("leaves %s alone", (text) => {
    expect(envelopeLeaks(envelopeWith(text))).toEqual([]);
  });
});
