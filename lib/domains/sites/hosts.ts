import { readSiteHosts } from "@/lib/core/config/sites-env";
import type { SiteHosts } from "./resolve";

let cached: SiteHosts | undefined;

/** Site hosts from the environment, read once. */
export function getSiteHosts(): SiteHosts {
  cached ??= readSiteHosts(process.env);
  return cached;
}
