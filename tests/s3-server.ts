import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

// A local S3-compatible server (s3rver) for the storage adapter's tests: one bucket, files in a
// temporary directory, no log output. Its fixed credentials are S3RVER / S3RVER.
//
// It runs in a child process with OpenSSL's legacy provider: s3rver builds ListObjectsV2
// continuation tokens with DES, which current OpenSSL refuses by default (every second page of a
// listing would fail with InternalError). The child ends when its stdin closes, so a test
// process that dies takes it along.
const CHILD = `
const S3rver = require("s3rver");
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then((address) => console.log(JSON.stringify({ port: address.port })), (err) => { console.error(err); process.exit(1); });
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

export const S3_SERVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(): Promise<{ endpoint: string; bucket: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "pressdesk-s3-"));
  const bucket = `pressdesk-test-${randomBytes(4).toString("hex")}`;
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", CHILD, directory, bucket], {
    cwd: process.cwd(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const port = await Promise.race([
    (async () => {
      for await (const line of lines) {
        if (line.startsWith("{")) return (JSON.parse(line) as { port: number }).port;
      }
      throw new Error(`s3rver stopped before listening: ${stderr}`);
    })(),
    exited.then(([code]) => {
      throw new Error(`s3rver exited with ${code}: ${stderr}`);
    }),
  ]);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      if (child.exitCode === null) {
        child.stdin.end();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
