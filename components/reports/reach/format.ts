// Numbers and spans of time as the reach report writes them: German, plain words.

const nf = new Intl.NumberFormat("de-DE");

export const formatCount = (n: number): string => nf.format(n);

/** "1 Abruf", "2 Abrufe". */
export const formatCounted = (n: number, one: string, many: string): string => `${nf.format(n)} ${n === 1 ? one : many}`;
const counted = formatCounted;

/** "unter einer Minute", "12 Minuten", "3 Stunden 5 Minuten", "4 Tage 2 Stunden". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "unter einer Minute";
  if (minutes < 60) return counted(minutes, "Minute", "Minuten");
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return [counted(hours, "Stunde", "Stunden"), minutes % 60 ? counted(minutes % 60, "Minute", "Minuten") : ""].join(" ").trim();
  const days = Math.floor(hours / 24);
  return [counted(days, "Tag", "Tage"), hours % 24 ? counted(hours % 24, "Stunde", "Stunden") : ""].join(" ").trim();
}
