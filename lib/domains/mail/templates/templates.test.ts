import { describe, expect, it } from "vitest";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { MAIL_TYPES, type MailType } from "../mail-types";
import type { RenderedMail } from "../render-mail";
import { verifyUnsubscribeToken } from "../unsubscribe-token";
import { accountLinkMail } from "./account-link";
import { changeAppliedMail } from "./change-applied";
import { addressChangedMail, changeRequestedMail, confirmNewAddressMail } from "./email-change";
import { grandfatheringExpiredMail } from "./grandfathering-expired";
import { identityCodeMail } from "./identity-code";
import { imageConfirmationMail } from "./image-confirmation";
import { invoiceMail } from "./invoice";
import type { MailLanguage } from "./layout";
import { contactAnswerMail } from "./contact-answer";
import { legalRequestExecutedMail } from "./legal-request-executed";
import { legalRequestReceivedMail } from "./legal-request-received";
import { loginLinkMail } from "./login-link";
import { passkeyChangedMail } from "./passkey-changed";
import { securityNoticeMail } from "./security-notice";
import { passwordResetMail } from "./password-reset";
import { publishedMail } from "./published";
import { registrationConfirmMail, registrationExistingMail, registrationLinkMail } from "./registration";
import { rejectionMail, returnedMail } from "./rejected";
import { releaseCorrectedMail } from "./release-corrected";
import { releasePreviewMail } from "./release-preview";
import { reviewBlockedMail } from "./review-blocked";
import { teamInvitationMail } from "./team-invitation";

const HUB = siteOrigin("hub", getSiteHosts());
const TO = "author@example.test";
const TOKEN_URL = `${HUB}/login/link/${"A".repeat(43)}`;
const CONFIRM_URL = `${HUB}/account/email/confirm/${"B".repeat(43)}`;
const RESET_URL = `${HUB}/login/reset/${"C".repeat(43)}`;
const INVITATION_URL = `${HUB}/invitation/${"D".repeat(43)}`;
const PREVIEW_URL = `${HUB}/vorschau/${"E".repeat(43)}`;
const PUBLIC_URL = "https://business.example.test/de/pressemitteilung/neues-werk";
const release = { releaseId: 42, title: "Beispiel AG eröffnet Werk" };

interface Case {
  mailType: MailType;
  render: (language: MailLanguage) => Promise<RenderedMail>;
  /** What the plain-text part must contain: the mail's key link (or the code). */
  key: string;
  /** A token URL that must stay exactly as given (no tracking parameters). */
  tokenUrl?: string;
}

const CASES: Case[] = [
  {
    mailType: "login_link",
    render: (language) => loginLinkMail({ url: TOKEN_URL, ttlMinutes: 15, language }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  { mailType: "identity_code", render: (language) => identityCodeMail({ code: "123456", ttlMinutes: 10, language }), key: "123456" },
  {
    mailType: "registration_confirm",
    render: (language) => registrationConfirmMail({ name: "Jana", url: TOKEN_URL, ttlMinutes: 15, language }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  {
    mailType: "registration_existing",
    render: (language) => registrationExistingMail({ url: TOKEN_URL, ttlMinutes: 15, language }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  {
    mailType: "registration_link",
    render: (language) => registrationLinkMail({ url: TOKEN_URL, ttlMinutes: 15, language }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  {
    mailType: "email_change_confirm",
    render: (language) => confirmNewAddressMail({ url: CONFIRM_URL, ttlMinutes: 60, language }),
    key: CONFIRM_URL,
    tokenUrl: CONFIRM_URL,
  },
  {
    mailType: "email_change_requested",
    render: (language) => changeRequestedMail({ newEmail: "new.name@example.com", language }),
    key: "n***@e***.com",
  },
  {
    mailType: "email_changed",
    render: (language) => addressChangedMail({ newEmail: "new.name@example.com", language }),
    key: "n***@e***.com",
  },
  {
    mailType: "password_reset",
    render: (language) => passwordResetMail({ url: RESET_URL, ttlMinutes: 60, language }),
    key: RESET_URL,
    tokenUrl: RESET_URL,
  },
  { mailType: "passkey_changed", render: (language) => passkeyChangedMail({ change: "added", name: "MacBook", language }), key: "MacBook" },
  {
    mailType: "security_notice",
    render: (language) => securityNoticeMail({ change: "api_token_created", tokenName: "Redaktionssystem", language }),
    key: "Redaktionssystem",
  },
  {
    mailType: "account_link",
    render: (language) => accountLinkMail({ url: TOKEN_URL, providerName: "Google", ttlMinutes: 15, language }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  {
    mailType: "team_invitation",
    render: (language) =>
      teamInvitationMail({
        language,
        inviterName: "Jana Petersen",
        newsroomName: "Nordlicht Energie",
        role: "member",
        url: INVITATION_URL,
        expiresAt: new Date("2026-04-01T10:00:00Z"),
      }),
    key: INVITATION_URL,
    tokenUrl: INVITATION_URL,
  },
  {
    mailType: "published",
    render: (language) => publishedMail({ to: TO, language, ...release, publicUrl: PUBLIC_URL, arrivedByApi: false }),
    key: PUBLIC_URL,
  },
  {
    mailType: "rejected",
    render: (language) =>
      rejectionMail({ to: TO, language, ...release, attempt: 1, maxAttempts: 3, reasons: [{ message: "Zu viele Großbuchstaben." }] }),
    key: `${HUB}/quality`,
  },
  {
    mailType: "rejected",
    render: (language) => returnedMail({ to: TO, language, ...release, comment: "Bitte sachlich formulieren." }),
    key: `${HUB}/dashboard/releases/42`,
  },
  {
    mailType: "review_blocked",
    render: (language) =>
      reviewBlockedMail({ language, ...release, attempt: 3, maxAttempts: 3, reasons: [{ message: "Zu viele Großbuchstaben." }] }),
    key: `${HUB}/dashboard/releases/42`,
  },
  {
    mailType: "press_release_corrected",
    render: (language) => releaseCorrectedMail({ to: TO, language, ...release, publicUrl: PUBLIC_URL, note: "Datum berichtigt." }),
    key: PUBLIC_URL,
  },
  {
    mailType: "press_release_change_applied",
    render: (language) => changeAppliedMail({ language, ...release, publicUrl: PUBLIC_URL }),
    key: PUBLIC_URL,
  },
  {
    mailType: "legal_request_executed",
    render: (language) =>
      legalRequestExecutedMail({
        language,
        reference: "3F9A-C21B-07DE",
        track: "correction",
        releaseId: 42,
        releaseTitle: release.title,
        publicUrl: PUBLIC_URL,
      }),
    key: PUBLIC_URL,
  },
  {
    mailType: "legal_request_received",
    render: (language) =>
      legalRequestReceivedMail({ language, reference: "3F9A-C21B-07DE", track: "redaction", name: "Jana", viaDashboard: true }),
    key: `${HUB}/dashboard/legal-requests`,
  },
  {
    mailType: "contact_answer",
    render: (language) =>
      contactAnswerMail({
        language,
        name: "Jana",
        subject: "Tarife",
        receivedAt: new Date("2026-03-01T10:00:00Z"),
        answer: "Die Preise stehen unter Tarife.",
      }),
    key: "Die Preise stehen unter Tarife.",
  },
  {
    mailType: "grandfathering_expired",
    render: (language) => grandfatheringExpiredMail({ language, grandfatheredUntil: new Date("2026-03-31T21:59:59Z") }),
    key: `${HUB}/dashboard`,
  },
  {
    mailType: "invoice",
    render: (language) =>
      invoiceMail({ language, kind: "invoice", number: "STR-2026-0001", amountCents: 1190, currency: "EUR", hasPdf: true }),
    key: `${HUB}/dashboard`,
  },
  {
    mailType: "invoice_reminder",
    render: (language) =>
      invoiceMail({
        language,
        kind: "invoice_reminder",
        number: "MAN-2026-0002",
        amountCents: 1190,
        currency: "EUR",
        dueAt: new Date("2026-04-15T10:00:00Z"),
        hasPdf: true,
      }),
    key: `${HUB}/dashboard`,
  },
  {
    mailType: "image_confirmation",
    render: (language) =>
      imageConfirmationMail({ language, releaseTitle: release.title, url: TOKEN_URL, expiresAt: new Date("2026-04-01T10:00:00Z") }),
    key: TOKEN_URL,
    tokenUrl: TOKEN_URL,
  },
  {
    mailType: "release_preview",
    render: (language) =>
      releasePreviewMail({
        language,
        recipientName: "Jana Beispiel",
        newsroomName: "Nordlicht Energie",
        releaseTitle: release.title,
        url: PREVIEW_URL,
        embargoAt: new Date("2026-04-01T10:00:00Z"),
        expiresAt: null,
      }),
    key: PREVIEW_URL,
    tokenUrl: PREVIEW_URL,
  },
];

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const isUnsubscribeLink = (href: string) => new URL(href).pathname === "/unsubscribe";

describe.each(CASES.map((c, i) => [`${c.mailType} #${i}`, c] as const))("%s", (_name, c) => {
  it.each(["de", "en"] as const)("renders in %s with a subject, HTML and a plain-text part carrying its key link", async (language) => {
    const mail = await c.render(language);
    expect(mail.subject).not.toBe("");
    expect(mail.html).toContain(`lang="${language}"`);
    expect(mail.text).toContain(c.key);
  });

  it("has wording of its own in each language", async () => {
    const [de, en] = await Promise.all([c.render("de"), c.render("en")]);
    expect(de.subject).not.toBe(en.subject);
    expect(de.text).not.toBe(en.text);
  });

  it("marks every link with its mail type as src, except token links, which stay exact", async () => {
    const mail = await c.render("de");
    for (const href of hrefsOf(mail.html)) {
      if (href === c.tokenUrl || isUnsubscribeLink(href)) continue;
      expect(new URL(href).searchParams.get("src"), href).toBe(c.mailType);
    }
    if (c.tokenUrl) expect(hrefsOf(mail.html)).toContain(c.tokenUrl);
  });

  it("offers the unsubscribe link in the footer exactly when the mail type may be opted out of", async () => {
    const mail = await c.render("de");
    const unsubscribe = hrefsOf(mail.html).filter(isUnsubscribeLink);
    const scope = MAIL_TYPES[c.mailType].unsubscribeScope;
    if (!scope) return expect(unsubscribe).toEqual([]);
    expect(unsubscribe).toHaveLength(1);
    expect(verifyUnsubscribeToken(new URL(unsubscribe[0]!).searchParams.get("t"))).toEqual({ email: TO, scope });
    expect(mail.text).toContain(unsubscribe[0]);
  });
});

describe("the account mails", () => {
  it("a login link is the first hub address of the plain-text part, exactly as made", async () => {
    for (const mail of [
      await loginLinkMail({ url: TOKEN_URL, ttlMinutes: 15, language: "de" }),
      await registrationConfirmMail({ name: "Jana", url: TOKEN_URL, ttlMinutes: 15, language: "de" }),
    ]) {
      expect(mail.text.match(new RegExp(`${HUB.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\S+`))?.[0]).toBe(TOKEN_URL);
    }
  });

  it("the identity code stands on a line of its own and stays out of the subject", async () => {
    const mail = await identityCodeMail({ code: "654321", ttlMinutes: 10, language: "en" });
    expect(mail.text).toMatch(/^654321$/m);
    expect(mail.text).toContain("10 minutes");
    expect(mail.subject).not.toContain("654321");
  });

  it("the registration mail repeats only the plain part of a typed-in name", async () => {
    const mail = await registrationConfirmMail({
      name: "Ihr Konto: https://evil.example/x <b>jetzt</b>",
      url: TOKEN_URL,
      ttlMinutes: 15,
      language: "de",
    });
    expect(mail.text + mail.html).not.toMatch(/evil\.example|https:\/\/evil|<b>/);
    expect(mail.text).toContain("Hallo Ihr Konto https evil example x b jetzt b,");
  });

  it("keeps the German wording the account tests and e2e journeys read", async () => {
    expect((await passkeyChangedMail({ change: "added", name: "MacBook", language: "de" })).text).toContain(
      "„MacBook“ wurde zu Ihrem Konto hinzugefügt",
    );
    expect((await loginLinkMail({ url: TOKEN_URL, ttlMinutes: 15, language: "de" })).subject).toBe("Ihr Anmeldelink");
    expect((await addressChangedMail({ newEmail: "a@b.test", language: "en" })).subject).toBe("Your e-mail address was changed");
  });
});

describe("the publication mail", () => {
  const base = { to: TO, language: "de" as const, ...release, publicUrl: PUBLIC_URL };

  it("explains first source and copy to a release that arrived by API, not to a form release", async () => {
    expect((await publishedMail({ ...base, arrivedByApi: true })).text).toContain("Erstquelle");
    expect((await publishedMail({ ...base, language: "en", arrivedByApi: true })).text).toContain("first source");
    expect((await publishedMail({ ...base, arrivedByApi: false })).text).not.toContain("Erstquelle");
  });

  it("names the first source a copy points to", async () => {
    const firstSource = { releaseId: 41, url: "https://tech.example.test/de/pressemitteilung/neues-werk" };
    const mail = await publishedMail({ ...base, arrivedByApi: true, firstSource });
    expect(mail.text).toContain(`${firstSource.url}?src=published&pr=41`);
  });
});

describe("the invoice mail", () => {
  it("to a separate invoice address names the account and offers no login button", async () => {
    const mail = await invoiceMail({
      language: "de",
      kind: "invoice",
      number: "STR-1",
      amountCents: 1190,
      currency: "EUR",
      hasPdf: true,
      forAccount: "owner@example.test",
    });
    expect(mail.text).toContain("owner@example.test");
    expect(mail.text).toMatch(/11,90\s€/);
    expect(hrefsOf(mail.html).filter((h) => h.startsWith(HUB))).toEqual([]);
  });
});
