import { readFileSync } from "node:fs";

/** APP_VERSION, else the first line of a RELEASE file at the working directory, else a dev marker. */
export function resolveAppVersion(appVersion: string | undefined, releaseFile = "RELEASE"): string {
  if (appVersion) return appVersion;
  try {
    const text = readFileSync(releaseFile, "utf8").split("\n")[0]?.trim();
    if (text) return text;
  } catch {
    // No release file: a development checkout.
  }
  return "0.0.0-dev";
}
