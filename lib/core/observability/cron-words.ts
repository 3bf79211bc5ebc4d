// A schedule's cron expression in German words for the status page ("täglich um 04:30"). The
// shapes the catalog uses are spelled out; anything else is shown as the expression itself.

const DAYS = ["sonntags", "montags", "dienstags", "mittwochs", "donnerstags", "freitags", "samstags", "sonntags"];
const NUMBER = /^\d+$/;
const pad = (n: string) => n.padStart(2, "0");

function daysInWords(field: string): string | null {
  if (NUMBER.test(field)) return DAYS[Number(field)] ?? null;
  const range = /^(\d)-(\d)$/.exec(field);
  if (range) return DAYS[Number(range[1])] && DAYS[Number(range[2])] ? `${DAYS[Number(range[1])]} bis ${DAYS[Number(range[2])]}` : null;
  if (/^\d(,\d)+$/.test(field)) {
    const names = field.split(",").map((d) => DAYS[Number(d)]);
    return names.every(Boolean) ? `${names.slice(0, -1).join(", ")} und ${names.at(-1)}` : null;
  }
  return null;
}

export function describeCron(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return `Cron „${expression}“`;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const everyDay = dom === "*" && month === "*";
  const step = (field: string) => /^\*\/(\d+)$/.exec(field)?.[1];
  if (everyDay && dow === "*") {
    if (minute === "*" && hour === "*") return "jede Minute";
    if (step(minute) && hour === "*") return `alle ${step(minute)} Minuten`;
    if (NUMBER.test(minute) && hour === "*") return `stündlich zur Minute ${Number(minute)}`;
    if (NUMBER.test(minute) && step(hour)) return `alle ${step(hour)} Stunden zur Minute ${Number(minute)}`;
    if (NUMBER.test(minute) && NUMBER.test(hour)) return `täglich um ${pad(hour)}:${pad(minute)}`;
  }
  if (NUMBER.test(minute) && NUMBER.test(hour)) {
    const at = `um ${pad(hour)}:${pad(minute)}`;
    const days = everyDay ? daysInWords(dow) : null;
    if (days) return `${days} ${at}`;
    if (NUMBER.test(dom) && month === "*" && dow === "*") return `monatlich am ${Number(dom)}. ${at}`;
  }
  return `Cron „${expression}“`;
}
