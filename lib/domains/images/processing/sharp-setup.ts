import { AsyncLocalStorage } from "node:async_hooks";
import sharp from "sharp";
import { getConfig } from "@/lib/core/config";

// One place that tunes sharp for uploads, and a gate that keeps parallel uploads from multiplying
// memory: each pipeline holds a decoded working copy plus libvips and encoder buffers.
//
// Memory also depends on the allocator, which is chosen before this code runs: glibc keeps freed
// memory in one arena per thread, and libvips and the AV1 encoder allocate from many threads, so
// the same work holds ~100 MB more under glibc's defaults than with MALLOC_ARENA_MAX=2 or jemalloc
// (what sharp itself checks for); set one of them in the environment of the server process.

/**
 * Image pipelines allowed to run at once in this process: one. A pipeline already keeps both
 * cores of a small host busy (libvips threads, the AV1 encoder's own threads), so a second one
 * adds ~10 % throughput but ~60 MB of peak memory, most of it the AV1 encoder's frame buffers
 * (bench/image-upload.ts, 20 uploads of a 12-megapixel photo at once: 1 slot 223 MB, 2 slots
 * 284 MB peak with MALLOC_ARENA_MAX=2). Uploads beyond it queue instead of multiplying memory.
 */
export const IMAGE_SLOTS = 1;

let configured = false;

/** sharp, configured once: libvips threads per pipeline from the config, operation cache off. */
export function configuredSharp(): typeof sharp {
  if (!configured) {
    configured = true;
    sharp.concurrency(getConfig().images.sharpConcurrency);
    // Every upload is new bytes, so cached operations are never reused; they would only hold memory.
    sharp.cache(false);
  }
  return sharp;
}

interface SlotGate {
  run<T>(fn: () => Promise<T>): Promise<T>;
  usage(): { active: number; waiting: number };
}

/**
 * At most `slots` callers inside at once; the rest wait in arrival order. Re-entrant: code that
 * already holds a slot (prepareImageFiles calling a renderer) runs on instead of waiting for itself.
 */
function slotGate(slots: number): SlotGate {
  let active = 0;
  const waiting: (() => void)[] = [];
  const holder = new AsyncLocalStorage<true>();
  return {
    async run(fn) {
      if (holder.getStore()) return fn();
      if (active < slots) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await holder.run(true, fn);
      } finally {
        // The slot passes straight to the next caller, so `active` stays at the limit while any wait.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    usage: () => ({ active, waiting: waiting.length }),
  };
}

const imageGate = slotGate(IMAGE_SLOTS);

/** Runs `fn` when one of the IMAGE_SLOTS is free; callers beyond that wait in arrival order. */
export function withImageSlot<T>(fn: () => Promise<T>): Promise<T> {
  return imageGate.run(fn);
}

/** Pipelines running and waiting right now (the bench prints it; tests assert the limit). */
export function imageSlotUsage(): { active: number; waiting: number } {
  return imageGate.usage();
}
