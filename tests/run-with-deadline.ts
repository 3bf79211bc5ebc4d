import { spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

// A synchronous endless loop cannot be stopped from inside the process that runs it: a test
// that calls such a function hangs instead of failing. These helpers run the call in a child
// process (tsx resolves the "@/" imports) and kill it when it has not answered in time.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Starting node and importing the module: generous, the machine may be busy. */
const START_BUDGET_MS = 30_000;

export type DeadlineResult =
  { finished: true; value?: unknown; threw?: { name: string; message: string }; ms: number } | { finished: false; reason: string };

/**
 * Runs `body`, the body of an async function that receives the module at `modulePath` (from the
 * repository root) as `m` and returns plain data, in a child process. The deadline counts from
 * the moment the module is imported; past it the child is killed and the result says so.
 */
export function runWithDeadline(modulePath: string, body: string, deadlineMs = 2_000): Promise<DeadlineResult> {
  const url = pathToFileURL(`${ROOT}${modulePath}`).href;
  const script = `
    const m = await import(${JSON.stringify(url)});
    process.stdout.write("ready\\n");
    const t = performance.now();
    const say = (r) => process.stdout.write("done " + JSON.stringify({ ...r, ms: performance.now() - t }) + "\\n");
    try { say({ value: await (async (m) => { ${body} })(m) }); }
    catch (e) { say({ threw: { name: e?.name ?? "Error", message: String(e?.message ?? e) } }); }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let settled = false;
    const finish = (r: DeadlineResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(r);
    };
    let timer = setTimeout(() => finish({ finished: false, reason: "did not start" }), START_BUDGET_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      const before = out;
      out += chunk.toString();
      if (!before.includes("ready\n") && out.includes("ready\n")) {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ finished: false, reason: `no answer within ${deadlineMs} ms` }), deadlineMs);
      }
      const done = /^done (.*)$/m.exec(out);
      if (done) finish({ finished: true, ...(JSON.parse(done[1]!) as { ms: number }) });
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    // "close" comes after the last output was read.
    child.on("close", (code) => finish({ finished: false, reason: `exited ${code}: ${err.slice(-2000)}` }));
  });
}
