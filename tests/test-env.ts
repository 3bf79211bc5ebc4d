import { resetConfigForTests } from "@/lib/core/config";

/** Sets (or, for undefined, removes) environment variables and makes the next getConfig() read them. */
export function configureEnv(env: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}
