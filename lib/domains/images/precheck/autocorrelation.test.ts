import { describe, expect, it } from "vitest";
import { autocorrelate } from "./autocorrelation";

/** The definition, computed the slow way over the same (centre) part of the map. */
function direct(data: Float32Array, width: number, ac: { width: number; height: number }, dx: number, dy: number): number {
  const ox = Math.floor((width - ac.width) / 2);
  const oy = Math.floor((data.length / width - ac.height) / 2);
  const v = (x: number, y: number) => data[(y + oy) * width + x + ox]!;
  let mean = 0;
  for (let y = 0; y < ac.height; y++) for (let x = 0; x < ac.width; x++) mean += v(x, y);
  mean /= ac.width * ac.height;
  const lag = (lx: number, ly: number) => {
    let s = 0;
    let n = 0;
    for (let y = Math.max(0, -ly); y < Math.min(ac.height, ac.height - ly); y++) {
      for (let x = Math.max(0, -lx); x < Math.min(ac.width, ac.width - lx); x++) {
        s += (v(x, y) - mean) * (v(x + lx, y + ly) - mean);
        n++;
      }
    }
    return s / n;
  };
  return lag(dx, dy) / lag(0, 0);
}

describe("autocorrelate", () => {
  it("matches the direct computation at every lag it reports", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [width, height, maxTransform] of [
      [40, 27, 512],
      [33, 50, 512],
      [90, 70, 64],
    ] as const) {
      const data = Float32Array.from({ length: width * height }, rand);
      const ac = autocorrelate(data, width, height, maxTransform);
      expect(ac.at(0, 0)).toBeCloseTo(1, 9);
      for (let dy = -ac.maxLagY; dy <= ac.maxLagY; dy += 3) {
        for (let dx = -ac.maxLagX; dx <= ac.maxLagX; dx += 2) expect(ac.at(dx, dy)).toBeCloseTo(direct(data, width, ac, dx, dy), 9);
      }
    }
  });

  it("finds a period: a pattern repeating every 12 px correlates fully at lag 12", () => {
    const width = 96;
    const height = 60;
    const data = Float32Array.from({ length: width * height }, (_, i) => ((i % width) % 12 < 2 ? 1 : 0));
    const ac = autocorrelate(data, width, height);
    expect(ac.at(12, 0)).toBeCloseTo(1, 6);
    expect(ac.at(12, 7)).toBeCloseTo(1, 6);
    expect(ac.at(6, 0)).toBeLessThan(0);
  });
});
