import { readFileSync } from "node:fs";

/** APP_VERSION, else the first line of a RELEASE file at the working directory, else a dev marker. */
export function resolveAppVersion(appVersion: string | undefined, releaseFile = "RELEASE"): string {
  if (appVersion) return appVersion;
  try {
    // Read at run time from the deployment directory, not traced into the build.
    const text = readFileSync(/*turbopackIgnore: true*/ releaseFile, "utf8").split("\n")[0]?.trim();
    if (text) return text;
  } catch {
    // No release file: a development checkout.
  }
  return "0.0.0-dev";
}
