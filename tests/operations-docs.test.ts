import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@/lib/adapters/console/commands";
import { JOBS, SCHEDULES } from "@/lib/runtime/jobs/catalog";

// docs/operations.md is what an operator reads at 3 a.m.: every console command and every
// schedule with its time must be there, and nothing that no longer exists.

const doc = readFileSync(new URL("../docs/operations.md", import.meta.url), "utf8");
const tableRows = doc.split("\n").filter((line) => line.startsWith("| `"));
const firstCell = (row: string) => /^\| `([^` ]+)/.exec(row)?.[1];

describe("docs/operations.md", () => {
  it("has a row for every console command", () => {
    const documented = new Set(tableRows.map(firstCell));
    const missing = Object.keys(COMMANDS).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it("has a row for every schedule, naming its job and, for a daily or weekly one, its Berlin time", () => {
    for (const [id, schedule] of Object.entries(SCHEDULES)) {
      const row = tableRows.find((r) => firstCell(r) === id);
      expect(row, `schedule ${id}`).toBeDefined();
      expect(row, `schedule ${id}`).toContain(`\`${schedule.job}\``);
      expect(schedule.timezone).toBe("Europe/Berlin");
      const [minute, hour] = schedule.cron.split(" ");
      if (/^\d+$/.test(minute!) && /^\d+$/.test(hour!))
        expect(row, `schedule ${id}`).toContain(`${hour!.padStart(2, "0")}:${minute!.padStart(2, "0")}`);
    }
  });

  it("documents no schedule that does not exist, and every scheduled job is in the job list", () => {
    const scheduleSection = doc.slice(doc.indexOf("## Schedules"), doc.indexOf("\n## ", doc.indexOf("## Schedules") + 1));
    const documented = scheduleSection
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .map(firstCell);
    expect(documented.filter((id) => !(id! in SCHEDULES))).toEqual([]);
    const jobs = new Set(JOBS.map((j) => j.name));
    expect(Object.values(SCHEDULES).filter((s) => !jobs.has(s.job))).toEqual([]);
  });
});
