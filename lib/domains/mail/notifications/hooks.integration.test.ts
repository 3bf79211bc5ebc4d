import { describe, expect, it } from "vitest";
import { createLoginLink, redeemLoginLink } from "@/lib/domains/accounts/login-links";
import { tokenIn } from "@/tests/login-link-helpers";
import { db } from "@/lib/core/db/client";
import { verifyUnsubscribeToken } from "@/lib/domains/mail/unsubscribe-token";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { seedRelease, seedUser, unique } from "@/tests/factories";
import { seedNewsroom } from "@/tests/release-fixtures";
import { notifyChangeApplied } from "./notify-change-applied";
import { notifyGrandfatheringExpired } from "./notify-grandfathering-expired";
import { notifyLegalRequestExecuted } from "@/lib/domains/legal/requests/notify-legal-request-executed";
import { notifyReleaseCorrected } from "./notify-release-corrected";
import { sendImageConfirmationLink } from "./send-image-confirmation-link";
import { sendInvoiceMail } from "./send-invoice-mail";

// The notification hooks that later issues (legal, paid changes, billing, images) call: each
// queues one outbox row in the caller's transaction, in the recipient's language.

const outboxRow = (id: number) => db.mailOutbox.findUniqueOrThrow({ where: { id } });

async function publishedRelease(locale: "de" | "en" = "de") {
  const { owner, company } = await seedNewsroom({ user: { locale } });
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: new Date(),
    publishedEverAt: new Date(),
  });
  return { owner, release, publicUrl: releaseUrl(release, getSiteHosts()) };
}

describe("notification hooks", () => {
  it("notifyReleaseCorrected: to the author, unsubscribable, with the release link", async () => {
    const { owner, release, publicUrl } = await publishedRelease();
    const sent = await db.$transaction((tx) => notifyReleaseCorrected({ releaseId: release.id, note: "Datum berichtigt." }, tx));
    const mail = await outboxRow(sent!.mailId);
    expect(mail).toMatchObject({ to: owner.email, mailType: "press_release_corrected", subject: `Korrigiert: ${release.title}` });
    expect(mail.text).toContain(`${publicUrl}?src=press_release_corrected&pr=${release.id}`);
    expect(mail.text).toContain("Datum berichtigt.");
    const token = /\/unsubscribe\?t=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
    expect(verifyUnsubscribeToken(token)).toEqual({ email: owner.email, scope: "press_release_corrected" });
  });

  it("notifyChangeApplied: to the author in the account's language", async () => {
    const { owner, release, publicUrl } = await publishedRelease("en");
    const sent = await notifyChangeApplied({ releaseId: release.id });
    const mail = await outboxRow(sent!.mailId);
    expect(mail).toMatchObject({
      to: owner.email,
      mailType: "press_release_change_applied",
      subject: `Your change is live: ${release.title}`,
    });
    expect(mail.text).toContain(`${publicUrl}?src=press_release_change_applied&pr=${release.id}`);
  });

  it("notifyLegalRequestExecuted: to the requester, with the release link only while the release is public", async () => {
    const { release, publicUrl } = await publishedRelease();
    const request = (data: { track: "correction" | "depublication"; requesterEmail: string }) =>
      db.legalRequest.create({
        data: {
          ...data,
          pressReleaseId: release.id,
          requesterName: "Erika Muster",
          body: "Bitte ändern.",
          status: "executed",
          decisionNote: "Erledigt.",
        },
      });
    const correction = await request({ track: "correction", requesterEmail: `${unique("req")}@example.test` });
    const mail = await outboxRow((await notifyLegalRequestExecuted({ legalRequestId: correction.id })).mailId);
    expect(mail).toMatchObject({ to: correction.requesterEmail, mailType: "legal_request_executed" });
    expect(mail.text).toContain("Ihr Antrag auf Berichtigung");
    expect(mail.text).toContain(`${publicUrl}?src=legal_request_executed&pr=${release.id}`);

    await db.pressRelease.update({ where: { id: release.id }, data: { status: "depublished" } });
    const depublication = await request({ track: "depublication", requesterEmail: `${unique("req")}@example.test` });
    const after = await outboxRow((await notifyLegalRequestExecuted({ legalRequestId: depublication.id })).mailId);
    expect(after.text).toContain("Ihr Antrag auf Depublizierung");
    expect(after.text).not.toContain(publicUrl);
  });

  it("notifyGrandfatheringExpired: to the customer, naming the end date", async () => {
    const { owner } = await seedNewsroom();
    const option = await db.userPaymentOption.findFirstOrThrow({ where: { userId: owner.id } });
    await db.userPaymentOption.update({ where: { id: option.id }, data: { grandfatheredUntil: new Date("2026-03-31T12:00:00Z") } });
    const mail = await outboxRow((await notifyGrandfatheringExpired({ paymentOptionId: option.id }))!.mailId);
    expect(mail).toMatchObject({ to: owner.email, mailType: "grandfathering_expired" });
    expect(mail.text).toContain("31. März 2026");
    expect(mail.text).toContain("/dashboard?src=grandfathering_expired");
  });

  it("sendInvoiceMail: stores the PDF with the outbox row; a separate invoice address gets the version naming the account", async () => {
    const user = await seedUser();
    const pdf = { filename: "STR-2026-0001.pdf", contentBase64: Buffer.from("%PDF-1.4 test").toString("base64") };
    const invoice = { number: "STR-2026-0001", totalCents: 1190, currency: "EUR", dueAt: new Date("2026-04-15T10:00:00Z") };

    const own = await outboxRow((await sendInvoiceMail({ userId: user.id, kind: "invoice", invoice, pdf })).mailId);
    expect(own).toMatchObject({ to: user.email, mailType: "invoice", subject: "Ihre Rechnung STR-2026-0001" });
    expect(own.attachments).toEqual([{ ...pdf, contentType: "application/pdf" }]);
    expect(own.text).toContain("/dashboard?src=invoice");

    const billing = `${unique("billing")}@example.test`;
    const reminder = await outboxRow(
      (await sendInvoiceMail({ userId: user.id, kind: "invoice_reminder", invoice, pdf, to: billing })).mailId,
    );
    expect(reminder).toMatchObject({ to: billing, mailType: "invoice_reminder", subject: "Zahlungserinnerung: Rechnung STR-2026-0001" });
    expect(reminder.text).toContain(user.email);
    expect(reminder.text).not.toContain("/dashboard");
  });

  it("sendImageConfirmationLink: mails the ready login link exactly as made, and it signs in", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, authorUserId: owner.id });
    const sent = await db.$transaction(async (tx) => {
      const link = await createLoginLink(
        {
          email: owner.email,
          userId: owner.id,
          purpose: "image_confirmation",
          source: "image_confirmation",
          payload: { pressReleaseId: release.id },
        },
        tx,
      );
      return sendImageConfirmationLink({ userId: owner.id, releaseId: release.id, link }, tx);
    });
    const mail = await outboxRow(sent.mailId);
    expect(mail).toMatchObject({ to: owner.email, mailType: "image_confirmation" });
    const token = tokenIn(mail.text, "/login/link");
    await expect(redeemLoginLink({ token, purpose: "image_confirmation" })).resolves.toMatchObject({ userId: owner.id });
  });
});
