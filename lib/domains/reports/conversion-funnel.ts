import { db } from "@/lib/core/db/client";
import type { ReportRange } from "./report-range";

// The conversion funnel (spec 6.1, 4.7 `conversion:funnel`): stages 1-5 of conversion_events,
// counted unique per stage in a time range. conversion_events hold no persons, so "unique"
// means per subject the event names: the company where it names one (stage 3 and 5 always,
// stage 1 through the release it was a mail link to); else the release; else the event itself
// (a registration or a login link without a newsroom is one of its own). A company counts once
// per stage however often it appears, under whatever source. The page and the console command
// both read this one function.

export const FUNNEL_STAGES = [
  { stage: 1, label: "Erstbesuch über einen Mail-Link", name: "first visit through a mail link" },
  { stage: 2, label: "Login-Link eingelöst", name: "login link redeemed" },
  { stage: 3, label: "Profilpflege", name: "profile maintenance" },
  { stage: 4, label: "Registrierung", name: "registration" },
  { stage: 5, label: "Zahlung", name: "payment" },
] as const;

export interface FunnelSource {
  /** As recorded (a mail type, a link source, "card", ...); null when none was. */
  source: string | null;
  unique: number;
  events: number;
}

export interface FunnelStage {
  stage: number;
  label: string;
  name: string;
  /** Unique subjects (see above). */
  unique: number;
  /** Rows, repeats included. */
  events: number;
  /** Distinct companies among them. */
  companies: number;
  sources: FunnelSource[];
}

export interface ConversionFunnel {
  range: ReportRange;
  stages: FunnelStage[];
}

interface Row {
  stage: number;
  source: string | null;
  total: number;
  unique_subjects: number;
  events: number;
  companies: number;
}

export async function loadConversionFunnel(opts: { range: ReportRange }): Promise<ConversionFunnel> {
  const { from, to } = opts.range;
  // One pass: per stage and source, and per stage over all sources (a company under two
  // sources counts once in the stage), told apart by GROUPING(source).
  const rows = await db.$queryRaw<Row[]>`
    SELECT stage::int AS stage, source, GROUPING(source)::int AS total,
           count(DISTINCT CASE WHEN company_id IS NOT NULL THEN 'company:' || company_id
                               WHEN press_release_id IS NOT NULL THEN 'release:' || press_release_id
                               ELSE 'event:' || id END)::int AS unique_subjects,
           count(*)::int AS events,
           count(DISTINCT company_id)::int AS companies
    FROM conversion_events
    WHERE created_at >= ${from} AND created_at < ${to} AND stage BETWEEN 1 AND 5
    GROUP BY GROUPING SETS ((stage, source), (stage))`;
  const stages = FUNNEL_STAGES.map(({ stage, label, name }): FunnelStage => {
    const total = rows.find((r) => r.stage === stage && r.total === 1);
    const sources = rows
      .filter((r) => r.stage === stage && r.total === 0)
      .map((r) => ({ source: r.source, unique: r.unique_subjects, events: r.events }))
      .sort((a, b) => b.unique - a.unique || (a.source ?? "").localeCompare(b.source ?? ""));
    return {
      stage,
      label,
      name,
      unique: total?.unique_subjects ?? 0,
      events: total?.events ?? 0,
      companies: total?.companies ?? 0,
      sources,
    };
  });
  return { range: opts.range, stages };
}
