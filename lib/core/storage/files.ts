import { isAbsolute, join, normalize, sep } from "node:path";
import { getConfig } from "@/lib/core/config";
import { getFileStorage } from "./file-storage";

/** The disk adapter's place for a key: relative to the storage directory; anything escaping it is refused. */
export function storagePath(relative: string): string {
  const root = normalize(getConfig().images.storageDir);
  const full = normalize(join(root, relative));
  if (isAbsolute(relative) || (!(full + sep).startsWith(root + sep) && full !== root)) throw new Error(`path outside storage: ${relative}`);
  return full;
}

/**
 * Erases files after the database no longer points to them, through the storage port; a missing
 * file is fine. Every file is tried; the first failure is thrown afterwards.
 */
export async function eraseFiles(paths: (string | null | undefined)[]): Promise<void> {
  const storage = getFileStorage();
  const results = await Promise.allSettled(paths.filter((p): p is string => !!p).map((p) => storage.delete(p)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
