import { processSingleton } from "@/lib/core/process-singleton";
import { dbWorkSlots } from "./settings";

// Bounded waits for the distributor: a semaphore whose every wait ends at a deadline, and the
// process-wide one that keeps the distributor's database work to half the pool.

/** Gives the slot back; a second call does nothing. */
export type Release = () => void;

export interface Semaphore {
  /** A slot, or null when none came free before `until` (epoch ms). First come, first served. */
  acquire(until: number): Promise<Release | null>;
}

/** `size` is read on every acquire (tests change the configuration). */
export function semaphore(size: () => number): Semaphore {
  let inUse = 0;
  const waiting: (() => void)[] = [];
  const take = (): Release => {
    inUse++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse--;
      while (waiting.length && inUse < size()) waiting.shift()!();
    };
  };
  return {
    acquire(until) {
      if (!waiting.length && inUse < size()) return Promise.resolve(take());
      const wait = until - Date.now();
      if (wait <= 0) return Promise.resolve(null);
      return new Promise((resolve) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(take());
        };
        const timer = setTimeout(() => {
          const at = waiting.indexOf(grant);
          if (at >= 0) waiting.splice(at, 1);
          resolve(null);
        }, wait);
        waiting.push(grant);
      });
    },
  };
}

/** A wait for a slot ran past its deadline: the work was not done. */
export class OutOfTime extends Error {
  constructor(what: string) {
    super(`websub: no ${what} slot before the deadline`);
  }
}

const dbSlots = processSingleton("websub-db-slots", () => semaphore(dbWorkSlots));

/** Runs `work` (one short piece of database work) holding a database slot; OutOfTime when none came by `until`. */
export async function withDb<T>(until: number, work: () => Promise<T>): Promise<T> {
  const release = await dbSlots.acquire(until);
  if (!release) throw new OutOfTime("database");
  try {
    return await work();
  } finally {
    release();
  }
}
