import { rm } from "node:fs/promises";
import { isAbsolute, join, normalize, sep } from "node:path";
import { getConfig } from "@/lib/config";

/** Stored paths are relative to the storage directory; anything escaping it is refused. */
export function storagePath(relative: string): string {
  const root = normalize(getConfig().images.storageDir);
  const full = normalize(join(root, relative));
  if (isAbsolute(relative) || !(full + sep).startsWith(root + sep) && full !== root) throw new Error(`path outside storage: ${relative}`);
  return full;
}

/** Erases files after the database no longer points to them; a missing file is fine. */
export async function eraseFiles(paths: (string | null | undefined)[]): Promise<void> {
  await Promise.all(paths.filter((p): p is string => !!p).map((p) => rm(storagePath(p), { force: true })));
}
