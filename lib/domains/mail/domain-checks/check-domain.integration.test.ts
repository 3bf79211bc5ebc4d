import { afterEach, describe, expect, it } from "vitest";
import { getConfig, loadConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { unique } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { LOOKUP_BUDGET_MS, checkEmailDomain, isImplausibleMailDomain } from "./check-domain";
import { setMailDnsResolverForTests } from "./resolver";

const domain = (label: string) => `${unique(label)}.example`;
const mx = (exchange: string, priority = 10) => ({ exchange, priority });

// The switch as tests/setup.ts left it, put back after each test that changed it.
const switchBefore = process.env.EMAIL_DOMAIN_CHECK;
afterEach(() => {
  setMailDnsResolverForTests(null);
  setLimits({ EMAIL_DOMAIN_CHECK: switchBefore });
});

describe("checkEmailDomain: what DNS says about a domain's mail", () => {
  it("names MX, implicit MX (RFC 5321), Null MX (RFC 7505) and a domain without mail host", async () => {
    const [withMx, implicit, implicit6, nullMx, nullDot, gone, bare] = [
      "mx",
      "implicit",
      "implicit6",
      "nullmx",
      "nulldot",
      "nx",
      "bare",
    ].map(domain) as string[];
    const resolver = fakeMailDns({
      [withMx!]: { mx: [mx("mx2.firma.example", 20), mx("mx1.firma.example", 10)] },
      [implicit!]: { a: ["192.0.2.10"] },
      [implicit6!]: { a: "ENODATA", aaaa: ["2001:db8::10"] },
      [nullMx!]: { mx: [mx("", 0)], a: ["192.0.2.11"] },
      [nullDot!]: { mx: [mx(".", 0)] },
      [bare!]: {},
    });
    const finding = async (d: string) => (await checkEmailDomain(d, { resolver }))?.finding;
    expect(await checkEmailDomain(withMx!, { resolver })).toMatchObject({
      domain: withMx,
      resolved: true,
      finding: "mx",
      detail: "mx1.firma.example mx2.firma.example",
      cached: false,
    });
    expect(await finding(implicit!)).toBe("implicit_mx");
    expect(await finding(implicit6!)).toBe("implicit_mx");
    expect(await finding(nullMx!)).toBe("null_mx");
    expect(await finding(nullDot!)).toBe("null_mx");
    expect(await checkEmailDomain(gone!, { resolver })).toMatchObject({ resolved: true, finding: "no_mail_host", detail: "NXDOMAIN" });
    expect(await finding(bare!)).toBe("no_mail_host");
    // The Null MX answer needs no address lookup; NXDOMAIN at MX ends the check at once.
    expect(resolver.queries.filter((q) => q.endsWith(` ${nullMx}`) || q.endsWith(` ${gone}`))).toEqual([`mx ${nullMx}`, `mx ${gone}`]);
    const row = await db.emailDomainCheck.findUniqueOrThrow({ where: { domain: nullMx! } });
    expect(row).toMatchObject({ resolved: true, finding: "null_mx" });
  });

  it("treats a root exchange beside real MX as MX, not as a Null MX", async () => {
    const d = domain("mixed");
    expect((await checkEmailDomain(d, { resolver: fakeMailDns({ [d]: { mx: [mx("", 0), mx("mx.firma.example")] } }) }))?.finding).toBe(
      "mx",
    );
  });

  it("records a timeout, SERVFAIL or refusal as unresolved, not as a finding", async () => {
    for (const [label, zone] of [
      ["timeout", { mx: "ETIMEOUT" }],
      ["servfail", { mx: "ESERVFAIL" }],
      ["refused", { mx: "ECONNREFUSED" }],
      ["halfway", { a: "ENODATA", aaaa: "ETIMEOUT" }],
    ] as const) {
      const d = domain(label);
      const check = await checkEmailDomain(d, { resolver: fakeMailDns({ [d]: zone }) });
      expect(check, label).toMatchObject({ resolved: false, finding: null });
      expect(await db.emailDomainCheck.findUniqueOrThrow({ where: { domain: d } }), label).toMatchObject({
        resolved: false,
        finding: null,
      });
    }
  });

  it("reuses a resolved finding younger than maxAgeHours and asks DNS again after it", async () => {
    const d = domain("cached");
    const resolver = fakeMailDns({ [d]: { mx: [mx("", 0)] } });
    const t0 = new Date("2026-03-01T10:00:00Z");
    await checkEmailDomain(d, { resolver, now: t0 });
    const again = await checkEmailDomain(d.toUpperCase(), { resolver, now: new Date(t0.getTime() + 167 * 3_600_000) });
    expect(again).toMatchObject({ domain: d, finding: "null_mx", cached: true });
    expect(resolver.queries).toEqual([`mx ${d}`]);

    await checkEmailDomain(d, { resolver, now: new Date(t0.getTime() + 2 * 3_600_000), maxAgeHours: 1 });
    expect(resolver.queries).toEqual([`mx ${d}`, `mx ${d}`]);
    expect(await db.emailDomainCheck.count({ where: { domain: d } })).toBe(1);
  });

  it("asks again after an unresolved lookup, but not on every request (a slow name server costs each one once)", async () => {
    const d = domain("flaky");
    const zones = { [d]: { mx: "ETIMEOUT" as const } };
    const resolver = fakeMailDns(zones);
    const t0 = new Date();
    expect((await checkEmailDomain(d, { resolver, now: t0 }))?.resolved).toBe(false);
    zones[d] = { mx: [mx("mx.firma.example")] } as never;
    expect(await checkEmailDomain(d, { resolver, now: new Date(t0.getTime() + 60_000) })).toMatchObject({ resolved: false, cached: true });
    expect(await checkEmailDomain(d, { resolver, now: new Date(t0.getTime() + 11 * 60_000) })).toMatchObject({
      resolved: true,
      finding: "mx",
      cached: false,
    });
  });

  it("gives up on a name server that never answers within the budget: not a finding", async () => {
    const silent = {
      resolveMx: () => new Promise<never>(() => {}),
      resolve4: () => new Promise<never>(() => {}),
      resolve6: () => new Promise<never>(() => {}),
    };
    const started = Date.now();
    expect(await checkEmailDomain(domain("silent"), { resolver: silent as never })).toMatchObject({
      resolved: false,
      finding: null,
      detail: "ETIMEOUT",
    });
    expect(Date.now() - started).toBeLessThan(LOOKUP_BUDGET_MS + 1000);
  });

  it("refuses garbage without a lookup or a row", async () => {
    const resolver = fakeMailDns({});
    for (const bad of ["", "localhost", "1.2.3.4", "exa%41mple.com", "a b.example"])
      expect(await checkEmailDomain(bad, { resolver })).toBeNull();
    expect(resolver.queries).toEqual([]);
  });
});

describe("isImplausibleMailDomain", () => {
  it("is true only for a resolved Null MX or missing mail host, with the switch on", async () => {
    setLimits({ EMAIL_DOMAIN_CHECK: "true" });
    const [ok, implicit, nullMx, gone, slow] = ["ok", "implicit", "nullmx", "gone", "slow"].map(domain) as string[];
    setMailDnsResolverForTests(
      fakeMailDns({
        [ok!]: { mx: [mx("mx.firma.example")] },
        [implicit!]: { a: ["192.0.2.1"] },
        [nullMx!]: { mx: [mx("", 0)] },
        [slow!]: { mx: "ETIMEOUT" },
      }),
    );
    expect(await isImplausibleMailDomain(`presse@${ok}`)).toBe(false);
    expect(await isImplausibleMailDomain(`presse@${implicit}`)).toBe(false);
    expect(await isImplausibleMailDomain(`Presse@${nullMx!.toUpperCase()}`)).toBe(true);
    expect(await isImplausibleMailDomain(`presse@${gone}`)).toBe(true);
    expect(await isImplausibleMailDomain(`presse@${slow}`)).toBe(false);
    expect(await isImplausibleMailDomain("not an address")).toBe(false);
    expect(await isImplausibleMailDomain(null)).toBe(false);
  });

  it("asks nothing and refuses nothing while the switch is off", async () => {
    setLimits({ EMAIL_DOMAIN_CHECK: "false" });
    const resolver = fakeMailDns({});
    setMailDnsResolverForTests(resolver);
    expect(await isImplausibleMailDomain(`presse@${domain("nx")}`)).toBe(false);
    expect(resolver.queries).toEqual([]);
  });
});

describe("the EMAIL_DOMAIN_CHECK switch", () => {
  it("is off by default on the embedded default (offline) and in tests, on in production", () => {
    expect(loadConfig({}).mail.domainCheck).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgresql://db.internal/pd" }).mail.domainCheck).toBe(true);
    // tests/setup.ts sets EMAIL_DOMAIN_CHECK=false: test runs have a DATABASE_URL (production
    // mode) but must never ask real DNS; a test that wants the check turns it on itself.
    expect(getConfig().mail.domainCheck, "tests/setup.ts must default EMAIL_DOMAIN_CHECK to false").toBe(false);
  });
});
