import { createHash } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { siteOrigin, type Portal, type SiteHosts } from "@/lib/domains/sites";

/**
 * Where each portal host serves its IndexNow key (sent as keyLocation). A fixed name at the
 * root: the key file's directory bounds the addresses it vouches for, and the root covers all.
 */
export const INDEXNOW_KEY_PATH = "/indexnow-key.txt";

/** INDEXNOW_KEY for every portal; without it one key per portal derived from APP_KEY (stable, reveals nothing of it). */
export function indexNowKey(portal: Portal): string {
  const { key, keySeed } = getConfig().seo.indexNow;
  return key ?? createHash("sha256").update(`${keySeed}:${portal}`).digest("hex").slice(0, 32);
}

export function indexNowKeyLocation(portal: Portal, hosts: SiteHosts): string {
  return `${siteOrigin(portal, hosts)}${INDEXNOW_KEY_PATH}`;
}
