import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { getBreachedPasswordCheck } from "./breached-password-check";
import { EMBEDDED_LIST_PATH, embeddedListBreachCheck } from "./embedded-list-check";
import { assertPasswordPolicy, MIN_PASSWORD_LENGTH } from "./policy";

const embedded = embeddedListBreachCheck();

describe("password policy", () => {
  it("refuses a password shorter than 12 characters with a German field message", async () => {
    const err = await assertPasswordPolicy("x".repeat(MIN_PASSWORD_LENGTH - 1), embedded).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "password", message: "Das Passwort braucht mindestens 12 Zeichen." }],
    });
    // An emoji is one character, not two UTF-16 units.
    await expect(assertPasswordPolicy("🔑".repeat(MIN_PASSWORD_LENGTH - 1), embedded)).rejects.toMatchObject({ code: "validation_failed" });
    await expect(assertPasswordPolicy("🔑".repeat(MIN_PASSWORD_LENGTH), embedded)).resolves.toBeUndefined();
  });

  it("refuses a password from the local breach list, whatever its case", async () => {
    for (const known of ["password1234", "Password1234", "QWERTYUIOP123", "correct horse battery staple"]) {
      await expect(assertPasswordPolicy(known, embedded)).rejects.toMatchObject({
        code: "validation_failed",
        issues: [{ path: "password", message: expect.stringContaining("Datenlecks") }],
      });
    }
    await expect(assertPasswordPolicy("Kranich-Ufer-Stein-47", embedded)).resolves.toBeUndefined();
  });

  it("ships a list of a few hundred entries, long ones included", async () => {
    const entries = (await readFile(EMBEDDED_LIST_PATH, "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
    expect(entries.length).toBeGreaterThan(300);
    expect(entries.filter((e) => e.length >= MIN_PASSWORD_LENGTH).length).toBeGreaterThan(150);
    expect(entries.every((e) => e === e.toLowerCase())).toBe(true);
  });
});

describe("choosing the breached-password adapter", () => {
  it("uses the local list on the embedded default and the range API in production", () => {
    expect(getBreachedPasswordCheck(loadConfig({}).auth).name).toBe("embedded-list");
    const production = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://db/app",
      APP_KEY: "k",
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
      ARCHIVE_SIGNING_KEY: "a",
    }).auth;
    expect(production.passwordBreachRangeUrl).toBe("https://api.pwnedpasswords.com");
    expect(getBreachedPasswordCheck(production).name).toBe("range-api");
    // PASSWORD_BREACH_CHECK=off falls back to the local list, never to no check at all.
    expect(getBreachedPasswordCheck(loadConfig({ DATABASE_URL: "postgresql://db/app", PASSWORD_BREACH_CHECK: "off" }).auth).name).toBe(
      "embedded-list",
    );
  });

  it("reads the range API's base URL and refuses a malformed one", () => {
    expect(loadConfig({ PASSWORD_BREACH_RANGE_URL: "http://127.0.0.1:9999/pwned" }).auth.passwordBreachRangeUrl).toBe(
      "http://127.0.0.1:9999/pwned",
    );
    expect(() => loadConfig({ PASSWORD_BREACH_RANGE_URL: "not a url" })).toThrow("PASSWORD_BREACH_RANGE_URL must be a URL");
  });
});
