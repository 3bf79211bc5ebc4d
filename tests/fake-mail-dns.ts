import type { MxRecord } from "node:dns";
import type { MailDnsResolver } from "@/lib/domains/mail/domain-checks/resolver";

// A DNS the test writes: each zone lists its records, or a resolver error code in their place.
// A name not listed answers NXDOMAIN, a record type not listed "no data", as a real resolver
// would. Every question is counted, so a test can prove a cached answer asked nothing.

type Answer<T> = T[] | `E${string}`;
export interface FakeZone {
  mx?: Answer<MxRecord>;
  a?: Answer<string>;
  aaaa?: Answer<string>;
}

export function fakeMailDns(zones: Record<string, FakeZone>): MailDnsResolver & { queries: string[] } {
  const queries: string[] = [];
  const ask = async <T>(type: "mx" | "a" | "aaaa", syscall: string, domain: string): Promise<T[]> => {
    queries.push(`${type} ${domain}`);
    const zone = zones[domain];
    const answer = zone ? ((zone[type] as Answer<T> | undefined) ?? "ENODATA") : "ENOTFOUND";
    if (typeof answer === "string")
      throw Object.assign(new Error(`${syscall} ${answer} ${domain}`), { code: answer, syscall, hostname: domain });
    return answer;
  };
  return {
    queries,
    resolveMx: (d) => ask<MxRecord>("mx", "queryMx", d),
    resolve4: (d) => ask<string>("a", "queryA", d),
    resolve6: (d) => ask<string>("aaaa", "queryAaaa", d),
  };
}
