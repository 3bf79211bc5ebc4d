import { readFile } from "node:fs/promises";
import { ingestDsn } from "@/lib/domains/mail/bounces/record-bounce";
import { circuitState, closeCircuit } from "@/lib/domains/mail/circuit-breaker";
import { defineCommand, wrongCall } from "./registry";

// Mail operations: feed a bounce by hand (or from an MTA pipe without HTTP), and look at or
// close the circuit breaker. Exit 0 for success, 1 for a technical failure (thrown), 2 for a
// wrong call.

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

const INGEST_USAGE = "mail:ingest-dsn [file]   (without a file, or with -, the message is read from stdin)";

export const mailIngestDsnCommand = defineCommand({
  description: "Record a bounce that arrived as mail (RFC 3464 report) from a file or stdin.",
  usage: INGEST_USAGE,
  help: ["Each failed recipient counts only when the returned reference header is signed for it."],
  maxPositional: 1,
  async run(args, io) {
    const file = args.positional[0];
    if ((!file || file === "-") && process.stdin.isTTY) return wrongCall(io, INGEST_USAGE, "Pipe the message in, or name a file.");
    const raw = file && file !== "-" ? await readFile(file) : await readStdin();
    const result = await ingestDsn(raw);
    if (!result.recipients.length) {
      io.out("No failed recipient found: not a delivery status report, or it reports only delays.");
      return 0;
    }
    for (const r of result.recipients) {
      const notes = [
        r.signed ? "signed" : "unsigned, waits for review",
        r.suppressed ? "address suppressed" : null,
        r.recorded ? null : "repeat, nothing changed",
      ];
      io.out(`${r.email}  ${r.kind}  ${notes.filter(Boolean).join(", ")}`);
    }
    return 0;
  },
});

export const mailCircuitCommand = defineCommand({
  description: "Show whether mail sending is halted by the circuit breaker; --close resumes it now.",
  usage: "mail:circuit [--close]",
  help: ["The circuit opens after repeated relay rejections and closes by itself when its time is up."],
  flags: ["close"],
  async run(args, io) {
    if (args.flags["close"]) io.out((await closeCircuit()) ? "Circuit closed: sending resumes." : "The circuit was not open.");
    const state = await circuitState();
    io.out(state.halted ? `open until ${state.openUntil?.toISOString()}: sending is halted` : "closed: mail is being sent");
    if (state.openedAt) io.out(`last opened ${state.openedAt.toISOString()}${state.reason ? `: ${state.reason}` : ""}`);
    return 0;
  },
});
