import { AsyncLocalStorage } from "node:async_hooks";

// Who acts in the work under way, for the activity log (spec 6.1: every action during an
// impersonation names the impersonator). The session layer fills it in when it resolves the
// request's session (lib/domains/auth/session.ts, from the session row, never from the cookie); the
// local job worker runs with none, so a job started from an impersonated request is not the
// staff member's doing. Outside both (console, webhooks, schedules) nobody impersonates.

interface ActingContext {
  /** The staff member acting as the customer, or null. */
  impersonatorUserId: number | null;
}

const storage = new AsyncLocalStorage<ActingContext | undefined>();

/**
 * This request's acting context, opened on first use. Synchronous on purpose: called before the
 * caller's first await, the context reaches everything the caller does afterwards; the session
 * layer then sets who acts once the session row is read.
 */
export function joinActingContext(): ActingContext {
  const current = storage.getStore();
  if (current) return current;
  const opened: ActingContext = { impersonatorUserId: null };
  storage.enterWith(opened);
  return opened;
}

/** The staff member acting as the customer in the work under way, or null. */
export function actingImpersonator(): number | null {
  return storage.getStore()?.impersonatorUserId ?? null;
}

/** Runs `fn` as nobody's request: work handed off from a request (the local job worker) is not its doing. */
export function outsideActingContext<T>(fn: () => T): T {
  return storage.run(undefined, fn);
}
