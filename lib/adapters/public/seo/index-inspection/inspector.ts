import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import { embeddedInspector } from "./embedded-inspector";
import { searchConsoleInspector } from "./search-console-inspector";
import type { IndexInspector } from "./types";

/**
 * Search Console when SEARCH_CONSOLE_CREDENTIALS is set; otherwise the embedded inspector, which
 * production refuses: its estimate is not a search engine's answer and would be shown as one.
 */
export function indexInspector(): IndexInspector {
  const { seo } = getConfig();
  if (seo.searchConsole) return searchConsoleInspector(seo.searchConsole);
  if (seo.requireSearchConsole)
    throw new AppError(
      "service_unavailable",
      "SEARCH_CONSOLE_CREDENTIALS is required in production for the index check (docs/configuration.md).",
    );
  return embeddedInspector();
}
