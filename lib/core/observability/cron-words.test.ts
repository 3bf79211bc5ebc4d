import { describe, expect, it } from "vitest";
import { describeCron } from "./cron-words";

describe("describeCron", () => {
  it.each([
    ["* * * * *", "jede Minute"],
    ["*/5 * * * *", "alle 5 Minuten"],
    ["7 * * * *", "stündlich zur Minute 7"],
    ["0 */6 * * *", "alle 6 Stunden zur Minute 0"],
    ["30 4 * * *", "täglich um 04:30"],
    ["45 4 * * 0", "sonntags um 04:45"],
    ["0 9 * * 1-5", "montags bis freitags um 09:00"],
    ["0 9 * * 1,3", "montags und mittwochs um 09:00"],
    ["15 3 1 * *", "monatlich am 1. um 03:15"],
  ])("%s reads as %s", (cron, words) => {
    expect(describeCron(cron)).toBe(words);
  });

  it("shows shapes it does not spell out as the expression", () => {
    expect(describeCron("0 4 * 1 *")).toBe("Cron „0 4 * 1 *“");
    expect(describeCron("0 4 * * 9")).toBe("Cron „0 4 * * 9“");
    expect(describeCron("@daily")).toBe("Cron „@daily“");
  });
});
