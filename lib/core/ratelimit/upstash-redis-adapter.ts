import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

// @upstash/ratelimit talks to an Upstash-style client: `evalsha(hash, keys[], args[])` and
// `eval(script, keys[], args[])`. Its scripts start with a `#!lua flags=allow-key-locking`
// line that plain Redis rejects, so the adapter strips it and keeps a map from the library's
// hash to the stripped script's own hash.
const SHEBANG = /^#!lua[^\n]*\n/;

export function upstashRedisAdapter(redis: Redis) {
  const stripped = new Map<string, { script: string; sha: string }>();

  async function run(entry: { script: string; sha: string }, keys: string[], args: unknown[]) {
    const argv = args.map(String);
    try {
      return await redis.evalsha(entry.sha, keys.length, ...keys, ...argv);
    } catch (err) {
      if (!String(err).includes("NOSCRIPT")) throw err;
      return redis.eval(entry.script, keys.length, ...keys, ...argv);
    }
  }

  return {
    async evalsha(hash: string, keys: string[], args: unknown[]) {
      const entry = stripped.get(hash);
      if (!entry) throw new Error("NOSCRIPT No matching script (adapter has not seen it yet)");
      return run(entry, keys, args);
    },
    async eval(script: string, keys: string[], args: unknown[]) {
      const hash = createHash("sha1").update(script).digest("hex");
      let entry = stripped.get(hash);
      if (!entry) {
        const body = script.replace(SHEBANG, "");
        entry = { script: body, sha: createHash("sha1").update(body).digest("hex") };
        stripped.set(hash, entry);
      }
      return run(entry, keys, args);
    },
  };
}
