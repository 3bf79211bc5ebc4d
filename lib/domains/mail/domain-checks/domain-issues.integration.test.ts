import { afterEach, describe, expect, it } from "vitest";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { apiClient, send } from "@/tests/api-client";
import { unique } from "@/tests/factories";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { setLimits } from "@/tests/limits";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { setMailDnsResolverForTests } from "./resolver";

// The 422 "implausible e-mail domain" (spec 7) where clients hand in addresses, against a DNS
// the test writes: one domain with a Null MX, one that does not exist, one with MX. Real TLDs,
// so the legacy API's TLD rule lets them through to the DNS check.

const nullMx = `${unique("nullmx")}.de`;
const missing = `${unique("nx")}.de`;
const good = `${unique("firma")}.de`;
const dns = fakeMailDns({ [nullMx]: { mx: [{ exchange: "", priority: 0 }] }, [good]: { mx: [{ exchange: `mx.${good}`, priority: 10 }] } });

const switchBefore = process.env.EMAIL_DOMAIN_CHECK;
afterEach(() => {
  setMailDnsResolverForTests(null);
  setLimits({ EMAIL_DOMAIN_CHECK: switchBefore });
});
const checking = (on: boolean) => {
  setLimits({ EMAIL_DOMAIN_CHECK: String(on) });
  setMailDnsResolverForTests(dns);
};

async function newsroomApi() {
  const { owner, company } = await seedNewsroom();
  const { token } = await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() });
  return { api: apiClient(token), token, company };
}
const release = (newsroomId: number, email: string) => ({
  newsroom_id: newsroomId,
  portal: "business",
  language: "de",
  title: `Beispiel AG eröffnet Werk ${unique("w")}`,
  body: GOOD_BODY,
  contact: { name: "Pressestelle", email },
  submit: false,
});

describe("API v1: a contact address whose domain cannot receive mail", () => {
  it("is refused with the documented 422 and a field issue, on create and on update", async () => {
    checking(true);
    const { api, company } = await newsroomApi();
    const refused = await api.call("createRelease", { body: release(company.id, `presse@${nullMx}`) });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "contact.email", message: "implausible e-mail domain" }],
    });
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);

    const created = await api.call("createRelease", { body: release(company.id, `presse@${good}`) });
    expect(created.status).toBe(201);
    const update = await api.call("updateRelease", {
      params: { id: created.body.data.id },
      body: { contact: { name: "Presse", email: `presse@${missing}` } },
    });
    expect([update.status, update.body.error.issues]).toEqual([422, [{ path: "contact.email", message: "implausible e-mail domain" }]]);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: created.body.data.id } })).contactEmail).toBe(`presse@${good}`);
  });

  it("changes nothing while EMAIL_DOMAIN_CHECK is off", async () => {
    checking(false);
    const { api, company } = await newsroomApi();
    expect((await api.call("createRelease", { body: release(company.id, `presse@${nullMx}`) })).status).toBe(201);
  });

  it("refuses it on the legacy API too, after the TLD rule", async () => {
    checking(true);
    const { token, company } = await newsroomApi();
    const res = await send("POST", "/service/pressreleases", {
      token,
      body: {
        company_id: company.id,
        title: `Beispiel AG eröffnet Werk ${unique("l")}`,
        text: GOOD_BODY,
        contact_email: `presse@${nullMx}`,
      },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.issues).toEqual([{ path: "contact.email", message: "implausible e-mail domain" }]);
  });
});

describe("registration with an address whose domain cannot receive mail", () => {
  const input = (email: string) => ({
    name: "Jana Petersen",
    email,
    password: "a long enough passphrase",
    acceptTerms: true,
    ip: "192.0.2.44",
  });

  it("shows the form's own error for a bad address and creates nothing", async () => {
    checking(true);
    const email = `${unique("jana")}@${nullMx}`;
    await expect(registerAccount(input(email))).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "email", message: "Bitte geben Sie eine gültige E-Mail-Adresse an." }],
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
    const fine = `${unique("jana")}@${good}`;
    await registerAccount(input(fine));
    expect(await db.user.count({ where: { email: fine } })).toBe(1);
  });
});
