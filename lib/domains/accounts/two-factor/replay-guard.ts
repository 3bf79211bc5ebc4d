import { getCacheStore } from "@/lib/core/cache/store";
import { TOTP_PERIOD_SECONDS } from "./totp";

// There is no column for the last used time step, and none is needed: a code of step N is
// accepted only until step N+1 ends, so a marker that outlives that (three periods) is enough.
// The shared cache store (Redis in production) makes the marker visible to every instance.
const MARKER_TTL_MS = 3 * TOTP_PERIOD_SECONDS * 1000;

/**
 * Claims the time step for the user; false when a code of this step was already used.
 * SET NX is atomic, so of two simultaneous uses of one code only one claims it.
 */
export async function claimTimeStep(userId: number, timeStep: number): Promise<boolean> {
  return (await getCacheStore().acquireLock(`2fa-step:${userId}:${timeStep}`, MARKER_TTL_MS)) !== null;
}
