import { loadConversionFunnel } from "@/lib/domains/reports/conversion-funnel";
import { parseRange } from "@/lib/domains/reports/report-range";
import { defineCommand, wrongCall } from "./registry";

const FUNNEL_USAGE = "conversion:funnel [--from=YYYY-MM-DD] [--to=YYYY-MM-DD]";

// conversion:funnel (spec 4.7): the funnel of spec 6.1, stages 1-5 counted unique per stage,
// the same numbers as /admin/reports/funnel (lib/domains/reports/conversion-funnel.ts).
export const conversionFunnelCommand = defineCommand({
  description: "Count the conversion funnel (stages 1-5 of spec 6.1), unique per stage, in a time range.",
  usage: FUNNEL_USAGE,
  help: [
    "  --from=YYYY-MM-DD   first day (German time), default 29 days before --to",
    "  --to=YYYY-MM-DD     last day, included (default today)",
    "Unique: per company where the event names one, else per release, else per event.",
  ],
  flags: ["from", "to"],
  async run(args, io) {
    const range = parseRange({ from: args.flags["from"], to: args.flags["to"] }, { defaultDays: 30, strict: true });
    if (typeof range === "string") return wrongCall(io, FUNNEL_USAGE, range);
    const funnel = await loadConversionFunnel({ range });
    const first = funnel.stages[0]!.unique;
    io.out(`conversion funnel ${range.fromDay} to ${range.toDay} (days in Europe/Berlin)`);
    io.out(`stage  unique  events  companies  of stage 1  name`);
    for (const s of funnel.stages) {
      const share = first ? `${((s.unique / first) * 100).toFixed(1)} %` : "-";
      io.out(
        `${String(s.stage).padEnd(7)}${String(s.unique).padStart(6)}  ${String(s.events).padStart(6)}  ${String(s.companies).padStart(9)}  ${share.padStart(10)}  ${s.name}`,
      );
      for (const src of s.sources)
        io.out(`         ${String(src.unique).padStart(6)}  ${String(src.events).padStart(6)}  source ${src.source ?? "(none)"}`);
    }
    return 0;
  },
});
