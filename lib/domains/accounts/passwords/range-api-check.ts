import { createHash } from "node:crypto";
import type { BreachedPasswordCheck } from "./breached-password-check";

export const RANGE_API_TIMEOUT_MS = 3_000;

export interface RangeApiOptions {
  /** e.g. https://api.pwnedpasswords.com; `/range/{prefix}` is appended. */
  baseUrl: string;
  timeoutMs?: number;
  /** Told why the service gave no answer; never receives the password or its hash. */
  onUnavailable?: (reason: string) => void;
}

// "TimeoutError", or the network code behind fetch's generic "fetch failed" (ECONNREFUSED, ENOTFOUND).
const reasonOf = (err: unknown) => (err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.name) : "error");
const warn = (reason: string) => console.warn(`breached-password check unavailable (${reason}); password accepted without it`);

/**
 * k-anonymity range API (Have I Been Pwned style): only the first five hex characters of the
 * password's SHA-1 leave the server; the service answers every suffix it knows under that
 * prefix, padded with count-0 rows so the answer size says nothing either.
 *
 * Unreachable, slow or failing service: the password counts as not breached and the outage is
 * reported through onUnavailable (a warning by default). An outage of a third party must not
 * stop people from changing or resetting a password; the length rule still applies, and the
 * warning lets operators notice. The port stays a plain boolean because callers could not act
 * on a third answer anyway.
 */
export function rangeApiBreachCheck(opts: RangeApiOptions): BreachedPasswordCheck {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? RANGE_API_TIMEOUT_MS;
  const onUnavailable = opts.onUnavailable ?? warn;
  return {
    name: "range-api",
    async isBreached(password) {
      const digest = createHash("sha1").update(password.normalize("NFC"), "utf8").digest("hex").toUpperCase();
      const prefix = digest.slice(0, 5);
      const suffix = digest.slice(5);
      let body: string;
      try {
        // The timeout also covers reading the body.
        const res = await fetch(`${base}/range/${prefix}`, { headers: { "Add-Padding": "true" }, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) {
          onUnavailable(`status ${res.status}`);
          return false;
        }
        body = await res.text();
      } catch (err) {
        onUnavailable(reasonOf(err));
        return false;
      }
      return body.split("\n").some((line) => {
        const [candidate, count] = line.trim().split(":");
        return candidate?.toUpperCase() === suffix && Number(count) > 0;
      });
    },
  };
}
