import { readFileSync } from "node:fs";

/** Where the version came from: the status page and `cli about` name it. */
export type AppVersionSource = "APP_VERSION" | "RELEASE file" | "development default";

/** APP_VERSION, else the first line of a RELEASE file at the working directory, else a dev marker. */
export function resolveAppVersion(appVersion: string | undefined, releaseFile = "RELEASE"): { version: string; source: AppVersionSource } {
  if (appVersion) return { version: appVersion, source: "APP_VERSION" };
  try {
    // Read at run time from the deployment directory, not traced into the build.
    const text = readFileSync(/*turbopackIgnore: true*/ releaseFile, "utf8").split("\n")[0]?.trim();
    if (text) return { version: text, source: "RELEASE file" };
  } catch {
    // No release file: a development checkout.
  }
  return { version: "0.0.0-dev", source: "development default" };
}
