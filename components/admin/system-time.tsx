import { formatBerlin } from "@/lib/core/time/berlin-time";

/** A point in time in Berlin local time, machine-readable for assistive technology. */
export function SystemTime({ at }: { at: Date | null | undefined }) {
  if (!at) return <span className="meta">–</span>;
  return <time dateTime={at.toISOString()}>{formatBerlin(at)}</time>;
}
