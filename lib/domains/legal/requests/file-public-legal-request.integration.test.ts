import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { ipHmac } from "@/lib/core/security/client-ip";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { LEGAL_REQUEST_LINK_SOURCE, loginLinkLanding } from "@/lib/domains/accounts/login-links/landing";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { filePublicLegalRequest, type FilePublicLegalRequestInput } from "./file-public-legal-request";
import { uniqueClientIp } from "@/tests/client-addresses";

// The public form's fallback path (spec 4.4): only report, dsgvo and personal_rights are stored,
// throttled per client, the address kept only as its HMAC, evidence and activity in one go.

const newIp = uniqueClientIp;
const TEXT = "Die Pressemitteilung nennt meinen vollen Namen und meine Privatanschrift ohne meine Zustimmung.";

function input(over: Partial<FilePublicLegalRequestInput> = {}): FilePublicLegalRequestInput {
  return {
    kind: "personal_rights",
    name: "Erika Muster",
    email: `${unique("leserin")}@example.test`,
    subjectUrl: "https://example.org/irgendwo",
    body: TEXT,
    language: "de",
    clientIp: newIp(),
    ...over,
  };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { code?: string; issues?: { path: string }[] }) => err,
  );

describe("filePublicLegalRequest", () => {
  it("stores the request with a received event, the form intake and a receipt that repeats nothing typed", async () => {
    const ip = newIp();
    const email = `${unique("leserin")}@example.test`;
    const filed = await filePublicLegalRequest(
      input({ email: `  ${email.toUpperCase()} `, clientIp: ip, name: "Erika <b>Muster</b> https://evil.example" }),
    );
    const row = await db.legalRequest.findUniqueOrThrow({ where: { id: filed.id } });
    expect(row).toMatchObject({
      track: "personal_rights",
      source: "form",
      status: "received",
      requesterEmail: email,
      language: "de",
      body: TEXT,
      requesterUserId: null,
      pressReleaseId: null,
    });
    expect(row.requesterIpHmac).toBe(ipHmac(ip).value);
    expect(row.requesterIpHmacKeyVersion).toBe(ipHmac(ip).keyVersion);
    expect(JSON.stringify(row)).not.toContain(ip);

    const events = await db.legalRequestEvent.findMany({ where: { legalRequestId: filed.id } });
    expect(events.map((e) => [e.type, e.actorUserId])).toEqual([["received", null]]);
    expect(
      await db.activityLog.count({
        where: { type: ACTIVITY.formIntake, path: "legal_request", subjectType: "legal_request", subjectId: String(filed.id) },
      }),
    ).toBe(1);

    const [mail] = await db.mailOutbox.findMany({ where: { to: email, mailType: "legal_request_received" } });
    expect(filed.receiptSent).toBe(true);
    expect(mail!.subject).toBe(`Ihr Anliegen ist eingegangen (Vorgang ${filed.reference})`);
    expect(mail!.text + mail!.html).not.toMatch(/Privatanschrift|evil\.example|<b>Muster|https:\/\/evil/);
    expect(mail!.html).not.toMatch(/href="http/);
  });

  it("links the release and its newsroom when the address names one of ours", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
    const filed = await filePublicLegalRequest(input({ kind: "report", subjectUrl: releaseUrl(release, getSiteHosts()) }));
    expect(await db.legalRequest.findUniqueOrThrow({ where: { id: filed.id } })).toMatchObject({
      pressReleaseId: release.id,
      companyId: company.id,
      track: "report",
    });
    const foreign = await filePublicLegalRequest(input({ kind: "report", subjectUrl: "https://elsewhere.example/de/pressemitteilung/x" }));
    expect(foreign.pressReleaseId).toBeNull();
  });

  it("as an attacker: the address of a release the public cannot see links nothing", async () => {
    const company = await seedCompany();
    const later = new Date(Date.now() + 3_600_000);
    const hidden = [
      // Under embargo: published for its time, which has not come.
      await seedRelease({
        companyId: company.id,
        status: "published",
        publishedAt: later,
        publishedEverAt: later,
        title: `Übernahme unter Embargo ${unique("t")}`,
      }),
      await seedRelease({ companyId: company.id, status: "draft", title: `Entwurf ${unique("t")}` }),
      await seedRelease({
        companyId: company.id,
        status: "depublished",
        publishedAt: new Date(),
        publishedEverAt: new Date(),
        title: `Zurückgezogen ${unique("t")}`,
      }),
    ];
    for (const release of hidden) {
      const filed = await filePublicLegalRequest(input({ kind: "report", subjectUrl: releaseUrl(release, getSiteHosts()) }));
      expect(filed.pressReleaseId, release.status).toBeNull();
      expect(await db.legalRequest.findUniqueOrThrow({ where: { id: filed.id } })).toMatchObject({
        pressReleaseId: null,
        companyId: null,
        subjectUrl: releaseUrl(release, getSiteHosts()),
      });
    }
  });

  it("as an attacker: an address that would add recipients or dodge the receipt budget is refused", async () => {
    for (const email of [
      "victim@example.test?cc=attacker%40evil.example",
      "victim@example.test&bcc=x@evil.example",
      "a=b@example.test",
      "victim%40example.test@evil.example",
      "x;y@example.test",
    ]) {
      expect(await rejection(filePublicLegalRequest(input({ email }))), email).toMatchObject({
        code: "validation_failed",
        issues: [{ path: "email" }],
      });
    }
    await expect(filePublicLegalRequest(input({ email: `erika.muster+presse-${unique("x")}@example.test` }))).resolves.toMatchObject({
      receiptSent: true,
    });
  });

  it("takes a DSGVO request without a page, but a report needs the page concerned", async () => {
    const filed = await filePublicLegalRequest(input({ kind: "dsgvo", subjectUrl: "" }));
    expect(await db.legalRequest.findUniqueOrThrow({ where: { id: filed.id } })).toMatchObject({ track: "dsgvo", subjectUrl: null });
    const err = await rejection(filePublicLegalRequest(input({ kind: "report", subjectUrl: " " })));
    expect(err).toMatchObject({ code: "validation_failed", issues: [{ path: "subjectUrl" }] });
  });

  it("as an attacker: forged kinds are refused and nothing is stored", async () => {
    const before = await db.legalRequest.count();
    for (const kind of [
      "correction",
      "depublication",
      "redaction",
      "change",
      "Report",
      "",
      null,
      ["report"],
      { toString: () => "report" },
    ]) {
      const err = await rejection(filePublicLegalRequest(input({ kind })));
      expect(err, String(kind)).toMatchObject({ code: "validation_failed", issues: [{ path: "kind" }] });
    }
    expect(await db.legalRequest.count()).toBe(before);
  });

  it("as an attacker: oversized and malformed fields are refused, each named", async () => {
    const before = await db.legalRequest.count();
    const err = await rejection(
      filePublicLegalRequest(
        input({
          name: "N".repeat(201),
          email: "not-an-address",
          subjectUrl: `https://example.org/${"x".repeat(2001)}`,
          body: "x".repeat(10_001),
        }),
      ),
    );
    expect((err as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(["body", "email", "name", "subjectUrl"]);
    for (const subjectUrl of ["javascript:alert(1)", "ftp://example.org/x", "https://user:pw@example.org/", "example.org/ohne-schema"]) {
      expect(await rejection(filePublicLegalRequest(input({ subjectUrl }))), subjectUrl).toMatchObject({
        issues: [{ path: "subjectUrl" }],
      });
    }
    expect(await rejection(filePublicLegalRequest(input({ body: "zu kurz" })))).toMatchObject({ issues: [{ path: "body" }] });
    expect(await rejection(filePublicLegalRequest(input({ name: "Nul\u0000l" })))).toMatchObject({ issues: [{ path: "name" }] });
    expect(await db.legalRequest.count()).toBe(before);
  });

  it("throttles per client address: the sixth filing within the hour is refused, another client still files", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await filePublicLegalRequest(input({ clientIp: ip }));
    const before = await db.legalRequest.count();
    await expect(filePublicLegalRequest(input({ clientIp: ip }))).rejects.toMatchObject({ code: "rate_limited", status: 429 });
    expect(await db.legalRequest.count()).toBe(before);
    // A form error does not spend the budget of the next client, and a fresh client files.
    await expect(filePublicLegalRequest(input({ clientIp: newIp() }))).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it("keeps filing but stops mailing receipts to one mailbox after three a day", async () => {
    const email = `${unique("opfer")}@example.test`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await filePublicLegalRequest(input({ email: i === 3 ? email.replace("@", "+tag@") : email })));
    expect(results.map((r) => r.receiptSent)).toEqual([true, true, true, false]);
    expect(await db.legalRequest.count({ where: { requesterEmail: { in: [email, email.replace("@", "+tag@")] } } })).toBe(4);
    expect(
      await db.mailOutbox.count({ where: { to: { in: [email, email.replace("@", "+tag@")] }, mailType: "legal_request_received" } }),
    ).toBe(3);
  });

  it("answers in English on the English page", async () => {
    const err = await rejection(filePublicLegalRequest(input({ language: "en", email: "nope" })));
    expect(err).toMatchObject({ issues: [{ path: "email", message: "Please enter a valid e-mail address." }] });
    const email = `${unique("reader")}@example.test`;
    const filed = await filePublicLegalRequest(input({ language: "en", email }));
    expect((await db.mailOutbox.findFirstOrThrow({ where: { to: email } })).subject).toBe(
      `We have received your request (case ${filed.reference})`,
    );
  });

  it("the page's primary path: a login link that lands on the customer's legal requests", async () => {
    const customer = await seedUser();
    const tokenOfNewestLink = async () =>
      /\/login\/link\/([A-Za-z0-9_-]+)/.exec(
        (await db.mailOutbox.findFirstOrThrow({ where: { to: customer.email, mailType: "login_link" }, orderBy: { id: "desc" } })).text,
      )![1]!;
    await sendLoginLinkMail({ email: customer.email, source: LEGAL_REQUEST_LINK_SOURCE, locale: "de" });
    expect(await loginLinkLanding(await tokenOfNewestLink())).toBe("/dashboard/legal-requests");
    await sendLoginLinkMail({ email: customer.email, source: "login_form" });
    expect(await loginLinkLanding(await tokenOfNewestLink())).toBe("/login/continue");
  });
});
