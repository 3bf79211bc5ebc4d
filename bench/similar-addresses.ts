// The address similarity check of spec 8 (lib/domains/companies/email-groups/similar-addresses.ts) over
// 20,000 and 100,000 company addresses: the CPU time one computation takes. Why it runs as a job
// (companies:similar-addresses) and not in the page view of /admin/companies/similar. The
// addresses mix what newsrooms carry: firm domains with a few addresses each, large buckets
// (free mail, `info@`, `presse@`), and slips of the keyboard. No database: the computation only.
// Usage: npx tsx bench/similar-addresses.ts [--sizes=20000,100000] [--runs=5]
import { similarAddressPairs, type AddressRepresentative } from "@/lib/domains/companies/email-groups/similar-addresses";
import { percentile, runBench } from "./support";

const SIZES = (process.argv.find((a) => a.startsWith("--sizes="))?.split("=")[1] ?? "20000,100000").split(",").map(Number);
const RUNS = Number(process.argv.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 5);

// A fixed pseudo-random sequence (mulberry32): every run of the bench compares the same addresses.
let seed = 42;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const SYLLABLES =
  "ber lin mue ller bau tech nord licht hafen werk sol ar med ia kon tor fa brik gruen stein wald feld haus berg bach dorf mark see ost west sued kraft strom glas holz form plan data net log".split(
    " ",
  );
const word = (n: number) => Array.from({ length: n }, () => pick(SYLLABLES)).join("");
const LOCALS = ["info", "presse", "kontakt", "pr", "redaktion", "office", "service", "marketing", "news", "team"];
const FREE = ["gmail.com", "gmx.de", "web.de", "t-online.de", "outlook.com"];
const TLDS = ["de", "com", "at", "ch", "eu"];

function address(): AddressRepresentative {
  const r = random();
  const [local, domain] =
    r < 0.15
      ? [`${word(2)}.${word(2)}`, pick(FREE)] // a person at a free-mail provider
      : r < 0.75
        ? [pick(LOCALS), `${word(2 + Math.floor(random() * 2))}.${pick(TLDS)}`] // a role address of a firm
        : [`${word(1)}.${word(2)}`, `${word(2)}.${pick(TLDS)}`]; // a person at a firm
  // One address in twenty has a slip: a letter dropped.
  const slipped = random() < 0.05 && local.length > 5 ? local.slice(0, 2) + local.slice(3) : local;
  return { email: `${slipped}@${domain}`, local: slipped, domain };
}

async function main() {
  console.log(`address similarity check, in process, ${RUNS} runs per size (node ${process.version})`);
  for (const size of SIZES) {
    const addresses = Array.from({ length: size }, address);
    const distinct = new Set(addresses.map((a) => a.email)).size;
    similarAddressPairs(addresses.slice(0, 2_000));
    const samples: number[] = [];
    let pairs = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      pairs = similarAddressPairs(addresses).length;
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${size.toLocaleString("en")} addresses (${distinct.toLocaleString("en")} distinct): ${pairs.toLocaleString("en")} pairs, p50 ${percentile(samples, 50).toFixed(0)} ms, max ${samples.at(-1)!.toFixed(0)} ms`,
    );
  }
}

runBench(main);
