import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Without Redis, as the embedded default runs: a stranger floods passkey sign-in starts (each a
// challenge) past the memory store's cap. The markers that keep throttles and replay guards
// must survive it. Run in a process of its own, where no REDIS_URL leads to the memory stores.
const SCRIPT = `
  const { getCacheStore, MEMORY_STORE_MAX_ENTRIES } = await import("@/lib/core/cache/store");
  const { storeChallenge } = await import("@/lib/domains/accounts/passkeys/challenges");
  await getCacheStore().set("failure-wait:loginFailures:v1:someone", "until later", 900);
  const guard = await getCacheStore().acquireLock("2fa-step:7:123", 90_000);
  for (let i = 0; i <= MEMORY_STORE_MAX_ENTRIES; i++) await storeChallenge("passkey:authentication:" + i, { challenge: "c" + i });
  console.log(JSON.stringify({
    marker: await getCacheStore().get("failure-wait:loginFailures:v1:someone"),
    replayGuardHeld: guard !== null && (await getCacheStore().acquireLock("2fa-step:7:123", 90_000)) === null,
  }));
`;

describe("the memory stores", () => {
  it("keep throttle markers and replay guards through a flood of passkey challenges past the cap", async () => {
    const env = { ...process.env };
    delete env.REDIS_URL;
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["--eval", `(async () => {${SCRIPT}})()`], {
      env,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ marker: "until later", replayGuardHeld: true });
  }, 60_000);
});
