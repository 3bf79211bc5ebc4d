import { describe, expect, it } from "vitest";
import { createPacer } from "./pacer";

describe("createPacer", () => {
  it("spaces sends at the configured rate", async () => {
    const pacer = createPacer(50);
    const started = performance.now();
    for (let i = 0; i < 6; i++) await pacer.wait();
    // Five gaps of 20 ms after the first send.
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it("does not wait when sending itself is slower than the rate", async () => {
    let clock = 0;
    const pacer = createPacer(10, () => clock);
    for (let i = 0; i < 5; i++) {
      const before = performance.now();
      await pacer.wait();
      expect(performance.now() - before).toBeLessThan(20);
      clock += 500;
    }
  });
});
