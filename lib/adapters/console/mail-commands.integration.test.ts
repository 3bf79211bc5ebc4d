import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { postfixDsn } from "@/tests/dsn-fixtures";
import { unique } from "@/tests/factories";
import { sentRef } from "@/tests/mail-bounce-helpers";
import { mailCircuitCommand, mailIngestDsnCommand } from "./mail-commands";
import { parseArgs, type ConsoleIo } from "./registry";

let dir: string;

function capture(): ConsoleIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pd-dsn-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("mail:ingest-dsn", () => {
  it("records a bounce from a file and reports each recipient", async () => {
    const email = `${unique("cli")}@example.org`;
    const file = join(dir, "bounce.eml");
    await writeFile(file, postfixDsn({ recipient: email, ref: await sentRef(email), refHeaderName: getConfig().mail.refHeader }));
    const io = capture();
    expect(await mailIngestDsnCommand.run(parseArgs([file]), io)).toBe(0);
    expect(io.lines).toEqual([`${email}  hard  signed, address suppressed`]);
    const again = capture();
    expect(await mailIngestDsnCommand.run(parseArgs([file]), again)).toBe(0);
    expect(again.lines).toEqual([`${email}  hard  signed, repeat, nothing changed`]);
  });

  it("says so when the message is no bounce", async () => {
    const file = join(dir, "note.eml");
    await writeFile(file, "From: a@example.org\r\nSubject: hi\r\n\r\nhello\r\n");
    const io = capture();
    expect(await mailIngestDsnCommand.run(parseArgs([file]), io)).toBe(0);
    expect(io.lines[0]).toMatch(/^No failed recipient found/);
  });

  it("prints its usage for --help and refuses a wrong call with exit 2", async () => {
    const help = capture();
    expect(await mailIngestDsnCommand.run(parseArgs(["--help"]), help)).toBe(0);
    expect(help.lines[0]).toMatch(/^Usage: mail:ingest-dsn/);
    const wrong = capture();
    expect(await mailIngestDsnCommand.run(parseArgs(["--dry-run"]), wrong)).toBe(2);
    expect(wrong.errors[0]).toBe("Unknown option: --dry-run");
    expect(await mailIngestDsnCommand.run(parseArgs(["a.eml", "b.eml"]), capture())).toBe(2);
  });

  it("fails with a thrown error (exit 1 at the entry point) when the file cannot be read", async () => {
    await expect(mailIngestDsnCommand.run(parseArgs([join(dir, "missing.eml")]), capture())).rejects.toThrow(/ENOENT/);
  });
});

describe("mail:circuit", () => {
  it("shows the state and closes an open circuit", async () => {
    const closed = capture();
    expect(await mailCircuitCommand.run(parseArgs([]), closed)).toBe(0);
    expect(closed.lines).toEqual(["closed: mail is being sent"]);

    const until = new Date(Date.now() + 10 * 60_000);
    await db.mailCircuit.upsert({
      where: { id: 1 },
      create: { id: 1, openedAt: new Date(), openUntil: until, reason: "5 relay rejections" },
      update: { openUntil: until },
    });
    const open = capture();
    await mailCircuitCommand.run(parseArgs([]), open);
    expect(open.lines[0]).toBe(`open until ${until.toISOString()}: sending is halted`);
    expect(open.lines[1]).toMatch(/^last opened .*: 5 relay rejections$/);

    const close = capture();
    expect(await mailCircuitCommand.run(parseArgs(["--close"]), close)).toBe(0);
    expect(close.lines.slice(0, 2)).toEqual(["Circuit closed: sending resumes.", "closed: mail is being sent"]);
    const again = capture();
    await mailCircuitCommand.run(parseArgs(["--close"]), again);
    expect(again.lines[0]).toBe("The circuit was not open.");
  });

  it("prints its usage for --help and refuses unknown options with exit 2", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const help = capture();
    expect(await mailCircuitCommand.run(parseArgs(["--help"]), help)).toBe(0);
    expect(help.lines[0]).toBe("Usage: mail:circuit [--close]");
    const wrong = capture();
    expect(await mailCircuitCommand.run(parseArgs(["--open"]), wrong)).toBe(2);
    expect(await mailCircuitCommand.run(parseArgs(["now"]), capture())).toBe(2);
  });
});
