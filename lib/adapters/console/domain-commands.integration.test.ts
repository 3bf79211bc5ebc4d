import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { setMailDnsResolverForTests } from "@/lib/domains/mail/domain-checks/resolver";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { mailCheckDomainsCommand } from "./domain-commands";
import { parseArgs } from "./registry";

// The file's database starts without addresses, so the command sees exactly what is seeded here.

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mailCheckDomainsCommand.run(parseArgs(argv), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

afterEach(() => setMailDnsResolverForTests(null));

describe("mail:check-domains", () => {
  it("checks each distinct domain of users, companies, contacts and release contacts once and sums up the findings", async () => {
    const [mx, implicit, nullMx, gone, slow] = ["mx", "implicit", "nullmx", "gone", "slow"].map((l) => `${unique(l)}.example`) as string[];
    const dns = fakeMailDns({
      [mx!]: { mx: [{ exchange: `mx.${mx}`, priority: 10 }] },
      [implicit!]: { aaaa: ["2001:db8::1"] },
      [nullMx!]: { mx: [{ exchange: "", priority: 0 }] },
      [slow!]: { mx: "ETIMEOUT" },
    });
    setMailDnsResolverForTests(dns);
    await seedUser({ email: `a@${mx}` });
    await seedUser({ email: `b@${mx!.toUpperCase()}` });
    const company = await seedCompany({ email: `info@${implicit}` });
    await db.contact.create({ data: { companyId: company.id, name: "Presse", email: `presse@${nullMx}` } });
    await seedRelease({ companyId: company.id, contactEmail: `presse@${gone}` });
    await seedRelease({ companyId: company.id, contactEmail: `presse@${slow}` });

    const first = await run();
    expect(first.code).toBe(0);
    expect(first.out).toContain("checked 5 domains (5 looked up, 0 from stored findings)");
    for (const line of [
      "mx             1",
      "implicit_mx    1",
      "null_mx        1",
      "no_mail_host   1",
      "unresolved     1",
      "invalid        0",
    ])
      expect(first.out).toContain(`  ${line}`);
    expect(first.out).toContain(`  null_mx        ${nullMx}`);
    expect(first.out).toContain(`  no_mail_host   ${gone}`);
    expect(dns.queries.filter((q) => q.startsWith("mx "))).toHaveLength(5);

    // Resolved findings are fresh and reused; only the unresolved domain is asked again.
    dns.queries.length = 0;
    const second = await run("--limit=2");
    expect(second.out).toContain("checked 2 domains (1 looked up, 1 from stored findings)");
    expect(dns.queries).toEqual([`mx ${slow}`]);
    await run("--stale-hours=0");
    expect(dns.queries.filter((q) => q.startsWith("mx "))).toHaveLength(6);
  });

  it("ends with 1 when DNS answered nothing at all", async () => {
    await seedUser({ email: `a@${unique("down")}.example` });
    setMailDnsResolverForTests(fakeMailDns(new Proxy({}, { get: () => ({ mx: "ECONNREFUSED" }) })));
    const { code } = await run("--stale-hours=0");
    expect(code).toBe(1);
  });

  it("prints help, and refuses wrong calls with 2", async () => {
    const help = await run("--help");
    expect([help.code, help.out[0]]).toEqual([0, "Usage: mail:check-domains [--limit=N] [--stale-hours=168]"]);
    for (const argv of [["--limit=0"], ["--limit=abc"], ["--stale-hours=-1"], ["--limit"], ["--dry-run"], ["extra"]]) {
      const wrong = await run(...argv);
      expect([argv, wrong.code]).toEqual([argv, 2]);
      expect(wrong.err.at(-1)).toContain("Usage:");
    }
  });
});
