import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The file in the data directory that holds the embedded default's APP_KEY. */
export const EMBEDDED_APP_KEY_FILE = "app-key";

const KEY = /^[A-Za-z0-9_-]{43,}$/;

function readKey(file: string): string | null {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * The embedded default's APP_KEY: 32 random bytes made on its first start and kept in the data
 * directory (`app-key`), so sessions, signed links and the local checkout's webhook secret survive
 * a restart, yet nobody can derive them from the code (a key from a public seed let any web page
 * that reached this machine forge the local Stripe events). Processes that start at once agree:
 * the file appears whole, by a hard link of a finished temporary file, or not at all.
 */
export function embeddedAppKey(dataDir: string, onBadFile: (message: string) => Error): string {
  const file = join(dataDir, EMBEDDED_APP_KEY_FILE);
  let key = readKey(file);
  if (key === null) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      rmSync(draft, { force: true });
    }
    key = readKey(file);
  }
  if (!key || !KEY.test(key))
    throw onBadFile(
      `Invalid configuration: ${file} does not hold a key; delete it (signed-in sessions and links of this installation end) or set APP_KEY`,
    );
  return key;
}
