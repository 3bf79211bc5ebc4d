import { randomBytes } from "node:crypto";
import * as Sentry from "@sentry/nextjs";
import { describe, expect, it } from "vitest";
import { POST as share } from "@/app/portal/[portal]/press-release/[slug]/share/route";
import { getConfig } from "@/lib/core/config";
import { withLimits } from "./limits";

// Signals reach the error tracker throttled per route (lib/core/observability/sentry/signal-throttle.ts).
// The attacker wants the tracker's quota spent, so that real 5xx reports are dropped.

const letters = () => [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

describe("error-tracker signals under a flood", () => {
  // The attacker: past the share limit, every request names a new slug of letters only, hoping
  // each path is a new throttle key with a full bucket and every 429 one more event on the quota.
  it("counts a flood over ever new paths of one route against that route's one allowance", async () => {
    const signals: { message?: string; tags?: Record<string, unknown> }[] = [];
    // This process's signal events only: the envelope folder is shared by every file of the run.
    Sentry.getGlobalScope().addEventProcessor((event) => {
      if (event.tags?.signal) signals.push({ message: event.message, tags: event.tags });
      return event;
    });
    const ip = `203.0.113.${1 + (randomBytes(1)[0]! % 200)}`;
    const slugs = Array.from({ length: 60 }, () => `x${letters()}`);
    const answers = await withLimits({ SHARE_RATE_LIMIT_PER_MINUTE: "1" }, () =>
      Promise.all(
        slugs.map((slug) =>
          share(
            new Request(`http://business.localhost/press-release/${slug}/share`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": ip },
              body: "{}",
            }),
            { params: Promise.resolve({ portal: "business", slug }) },
          ),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(59);
    await Sentry.flush(5000);
    const route = "/portal/[portal]/press-release/[slug]/share";
    expect(signals).toHaveLength(getConfig().observability.sentrySignalsPerMinute);
    expect(new Set(signals.map((s) => s.message))).toEqual(new Set([`throttled 429 ${route}`]));
    expect(JSON.stringify(signals)).not.toMatch(new RegExp(slugs.join("|")));
  });
});
