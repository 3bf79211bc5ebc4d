/**
 * One line for a failure in a run's result and console output: a database error's message
 * spans several lines (the call site, then the cause), and its last line says what happened.
 */
export function errorSummary(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const lines = message
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? "unknown error";
}
