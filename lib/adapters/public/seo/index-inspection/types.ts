import type { IndexState } from "@/lib/generated/prisma/client";
import type { Portal } from "@/lib/domains/sites";

/** One release address to inspect, with what the embedded inspector reads about it. */
export interface InspectionTarget {
  releaseId: number;
  portal: Portal;
  /** The public address, built by lib/domains/sites. */
  url: string;
  publishedAt: Date;
}

/** The part of a URL Inspection answer we read (searchconsole v1 `inspectionResult.indexStatusResult`). */
export interface IndexStatusResult {
  verdict?: string;
  coverageState?: string;
  robotsTxtState?: string;
  indexingState?: string;
  pageFetchState?: string;
  lastCrawlTime?: string;
  crawledAs?: string;
  googleCanonical?: string;
  userCanonical?: string;
}

/**
 * An inspection answer reduced to the index fields: enums, dates and our own addresses, never
 * an account, a referring page of a stranger or the console's deep link.
 */
export interface ReducedAnswer extends IndexStatusResult {
  source: "search-console" | "embedded";
  /** The embedded inspector's ground: the search crawler whose fetch it read. */
  crawledBy?: string;
  /** Why this one inspection failed (state `error`). */
  error?: string;
}

export interface InspectionResult {
  state: IndexState;
  answer: ReducedAnswer;
}

/** The port: one address in, one reduced answer out. */
export interface IndexInspector {
  /** Written to each snapshot: who answered. */
  readonly name: "search-console" | "embedded";
  inspect(target: InspectionTarget): Promise<InspectionResult>;
}

/** The answer for this one address failed; the run records state `error` and goes on. */
export class InspectionError extends Error {
  override name = "InspectionError";
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/**
 * Every further request would fail the same way (credentials refused, daily quota spent): the
 * run stops and the command exits 1.
 */
export class InspectionStopError extends Error {
  override name = "InspectionStopError";
  constructor(
    message: string,
    readonly reason: "auth" | "quota",
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}
