import type { Portal } from "@/lib/domains/sites";
import { reduceInspection } from "./reduce-inspection";
import { AccessTokenSource, parseServiceAccount } from "./service-account-token";
import { InspectionError, InspectionStopError, type IndexInspector, type InspectionResult, type InspectionTarget } from "./types";

const REQUEST_TIMEOUT_MS = 30_000;

export interface SearchConsoleOptions {
  credentials: string;
  /** POST endpoint of urlInspection/index:inspect. */
  apiUrl: string;
  /** The Search Console property of each portal. */
  siteUrls: Record<Portal, string>;
  /** German answers are not needed: the states are read from enums. */
  languageCode?: string;
}

/**
 * The Google Search Console URL Inspection API (POST index:inspect with inspectionUrl, siteUrl,
 * languageCode), authenticated as a service account that is a user of each property.
 */
export function searchConsoleInspector(opts: SearchConsoleOptions): IndexInspector {
  const tokens = new AccessTokenSource(parseServiceAccount(opts.credentials));
  const inspectOnce = async (target: InspectionTarget): Promise<Response> => {
    const body = JSON.stringify({
      inspectionUrl: target.url,
      siteUrl: opts.siteUrls[target.portal],
      languageCode: opts.languageCode ?? "en-US",
    });
    try {
      return await fetch(opts.apiUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${await tokens.get()}`, "content-type": "application/json", accept: "application/json" },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      if (err instanceof InspectionStopError) throw err;
      throw new InspectionError(`inspection request failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return {
    name: "search-console",
    async inspect(target): Promise<InspectionResult> {
      let res = await inspectOnce(target);
      // A token revoked or expired early: one fresh token, then the answer counts.
      if (res.status === 401) {
        tokens.forget();
        res = await inspectOnce(target);
      }
      if (res.status === 401 || res.status === 403)
        throw new InspectionStopError(
          `Search Console refused the service account (HTTP ${res.status}): is it a user of the property?`,
          "auth",
          res.status,
        );
      if (res.status === 429) throw new InspectionStopError("Search Console inspection quota spent (HTTP 429)", "quota", 429);
      if (!res.ok) throw new InspectionError(`Search Console answered HTTP ${res.status}`, res.status);
      const json: unknown = await res.json().catch(() => null);
      return reduceInspection(json);
    },
  };
}
