import { errorSummary } from "@/lib/core/errors/error-summary";

// Work that must wait for a transaction's commit (a reaction to what it recorded) registers
// here against the transaction's client. db.$transaction (lib/core/db/client.ts) runs it once the
// transaction committed, before it returns to its caller; a rollback drops it. The work must be
// safe to lose: whatever it does is also picked up later by a sweep (at least once).

type Work = () => Promise<unknown>;
const pending = new WeakMap<object, Work[]>();

/** Opens the list of a transaction that is starting. */
export function trackTransaction(tx: object): Work[] {
  const list: Work[] = [];
  pending.set(tx, list);
  return list;
}

/** Runs what a committed transaction left, in order; a failure is logged and left to the sweep. */
export async function runAfterCommit(list: Work[]): Promise<void> {
  for (const work of list.splice(0)) {
    try {
      await work();
    } catch (err) {
      console.error("after commit:", errorSummary(err));
    }
  }
}

/**
 * Runs `work` after `client`'s transaction commits. Outside a transaction started by
 * db.$transaction (the shared client, or a client of unknown origin) there is nothing to wait
 * for: the work runs at once.
 */
export async function afterCommit(client: object, work: Work): Promise<void> {
  const list = pending.get(client);
  if (list) list.push(work);
  else await runAfterCommit([work]);
}
