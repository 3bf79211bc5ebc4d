import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, imageSlotUsage, withImageSlot } from "./sharp-setup";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withImageSlot", () => {
  it("runs at most IMAGE_SLOTS pipelines at once and queues the rest in order", async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withImageSlot(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await tick(5);
          running--;
          return i * 2;
        }),
      ),
    );
    expect(IMAGE_SLOTS).toBeGreaterThanOrEqual(1);
    expect(peak).toBe(IMAGE_SLOTS);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(imageSlotUsage()).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot when a pipeline fails", async () => {
    const failing = Array.from({ length: 5 }, () => withImageSlot(async () => Promise.reject(new Error("broken"))));
    for (const f of failing) await expect(f).rejects.toThrow("broken");
    expect(imageSlotUsage()).toEqual({ active: 0, waiting: 0 });
    await expect(withImageSlot(async () => "ran")).resolves.toBe("ran");
  });

  it("lets code that holds a slot call into the gate again instead of waiting for itself", async () => {
    const inner = await withImageSlot(() => withImageSlot(() => withImageSlot(async () => imageSlotUsage())));
    expect(inner).toEqual({ active: 1, waiting: 0 });
    expect(imageSlotUsage()).toEqual({ active: 0, waiting: 0 });
  });
});
