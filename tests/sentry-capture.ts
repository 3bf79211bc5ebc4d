import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTransport, type NodeOptions } from "@sentry/nextjs";

// A local transport for the tests: the SDK hands it each envelope exactly as it would send it
// to Sentry, and it writes it, serialised the SDK's way, as one file into the run's directory
// (tests/global-setup.ts checks them all when the run ends).

let written = 0;

/** A transport factory for Sentry.init that files every envelope into `dir`. */
export function fileTransport(dir: string): NonNullable<NodeOptions["transport"]> {
  return (options) =>
    createTransport(options, async (request) => {
      const text = typeof request.body === "string" ? request.body : Buffer.from(request.body).toString("utf8");
      // Written aside, then renamed: a reader in another worker never sees a file half written
      // (or left empty by a test that makes the disk fail).
      const name = join(dir, `${process.pid}-${Date.now()}-${written++}.envelope`);
      writeFileSync(`${name}.partial`, text);
      renameSync(`${name}.partial`, name);
      return { statusCode: 200 };
    });
}
