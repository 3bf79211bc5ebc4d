import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { derivedKey } from "./derived-key";

/**
 * A short keyed hash (22 base64url characters) of `value` under the app key's `label` key: a
 * store key that names an e-mail address or a mailbox without holding it.
 */
export function keyedHash(label: string, value: string): string {
  return createHmac("sha256", derivedKey(getConfig().security.appKey, label)).update(value).digest("base64url").slice(0, 22);
}
