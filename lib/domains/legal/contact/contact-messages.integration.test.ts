import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/domains/accounts/permissions";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { ipHmac } from "@/lib/core/security/client-ip";
import { seedUser, unique } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { answerContactMessage } from "./answer-contact-message";
import { closeContactMessage } from "./close-contact-message";
import { listContactMessages, loadContactMessage } from "./list-contact-messages";
import { submitContactMessage, type SubmitContactMessageInput } from "./submit-contact-message";
import { uniqueClientIp } from "@/tests/client-addresses";

// The hub's contact form (spec 6.1 form intake "contact") and its answers from /admin/contact
// (permission users:manage): stored throttled, answered once, every admin action logged.

const newIp = uniqueClientIp;
const ANSWER = "Vielen Dank für Ihre Frage.\n\nDie Preise finden Sie unter „Tarife“.";

function input(over: Partial<SubmitContactMessageInput> = {}): SubmitContactMessageInput {
  return {
    name: "Jana Leser",
    email: `${unique("kontakt")}@example.test`,
    subject: "Frage zu den Tarifen",
    body: "Was kostet eine Pressemitteilung im Monat?",
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
const answerMails = (to: string) => db.mailOutbox.findMany({ where: { to, mailType: "contact_answer" } });

describe("submitContactMessage", () => {
  it("stores an open message with the address only as HMAC and logs the form intake; mails nobody", async () => {
    const ip = newIp();
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ clientIp: ip, email: email.toUpperCase(), language: "en" }));
    const row = await db.contactMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      status: "open",
      email,
      language: "en",
      subject: "Frage zu den Tarifen",
      ipHmac: ipHmac(ip).value,
      answer: null,
    });
    expect(
      await db.activityLog.count({
        where: { type: ACTIVITY.formIntake, path: "contact", subjectType: "contact_message", subjectId: String(id) },
      }),
    ).toBe(1);
    expect(await db.mailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it("refuses oversized and malformed fields, naming each", async () => {
    const err = await rejection(
      submitContactMessage(input({ name: "", email: "a@b", subject: "S".repeat(201), body: "B".repeat(10_001) })),
    );
    expect((err as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(["body", "email", "name", "subject"]);
  });

  it("throttles per client address", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await submitContactMessage(input({ clientIp: ip }));
    await expect(submitContactMessage(input({ clientIp: ip }))).rejects.toMatchObject({ code: "rate_limited" });
    await expect(submitContactMessage(input({ clientIp: newIp() }))).resolves.toMatchObject({ id: expect.any(Number) });
  });
});

describe("answering and closing in the admin area", () => {
  it("mails the answer to the sender, marks the message answered and logs it", async () => {
    const admin = await seedAdmin(["users:manage"]);
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ email }));
    await answerContactMessage({ adminUserId: admin.id, messageId: id, answer: ANSWER });
    expect(await loadContactMessage(id)).toMatchObject({
      status: "answered",
      answer: ANSWER,
      answeredByUserId: admin.id,
      answeredBy: { id: admin.id },
    });
    const [mail] = await answerMails(email);
    expect(mail!.subject).toBe("Antwort auf Ihre Nachricht: Frage zu den Tarifen");
    expect(mail!.text).toContain("Die Preise finden Sie unter „Tarife“.");
    expect(
      await db.activityLog.count({ where: { type: ACTIVITY.contactMessageAnswered, actorUserId: admin.id, subjectId: String(id) } }),
    ).toBe(1);
    const answered = await listContactMessages({ status: "answered" });
    expect(answered.rows.map((r) => r.id)).toContain(id);
    expect(answered.counts.answered).toBeGreaterThanOrEqual(1);
  });

  it("of two editors answering at once, one answer is sent and the other refused", async () => {
    const [a, b] = await Promise.all([seedAdmin(["users:manage"]), seedAdmin(["users:manage"])]);
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ email }));
    const both = await Promise.allSettled([
      answerContactMessage({ adminUserId: a.id, messageId: id, answer: "Antwort der ersten Redakteurin." }),
      answerContactMessage({ adminUserId: b.id, messageId: id, answer: "Antwort des zweiten Redakteurs." }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    expect(await answerMails(email)).toHaveLength(1);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.contactMessageAnswered, subjectId: String(id) } })).toBe(1);
  });

  it("an answer and a close at once: exactly one wins", async () => {
    const admin = await seedAdmin(["users:manage"]);
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ email }));
    const both = await Promise.allSettled([
      answerContactMessage({ adminUserId: admin.id, messageId: id, answer: ANSWER }),
      closeContactMessage({ adminUserId: admin.id, messageId: id }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const row = await db.contactMessage.findUniqueOrThrow({ where: { id } });
    expect((await answerMails(email)).length).toBe(row.status === "answered" ? 1 : 0);
  });

  it("closes without an answer, mails nothing, logs it; a later answer is refused", async () => {
    const admin = await seedAdmin(["users:manage"]);
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ email }));
    await closeContactMessage({ adminUserId: admin.id, messageId: id });
    expect(await db.contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "closed",
      answer: null,
      answeredByUserId: admin.id,
    });
    expect(
      await db.activityLog.count({ where: { type: ACTIVITY.contactMessageClosed, actorUserId: admin.id, subjectId: String(id) } }),
    ).toBe(1);
    await expect(answerContactMessage({ adminUserId: admin.id, messageId: id, answer: ANSWER })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(closeContactMessage({ adminUserId: admin.id, messageId: id })).rejects.toMatchObject({ code: "conflict" });
    expect(await answerMails(email)).toHaveLength(0);
  });

  it("as an attacker: without users:manage nothing changes and nothing is mailed", async () => {
    const email = `${unique("kontakt")}@example.test`;
    const { id } = await submitContactMessage(input({ email }));
    const others = PERMISSIONS.filter((p) => p !== "users:manage");
    const intruders = [
      await seedUser(),
      await seedAdmin(others),
      await seedUser({ staffRole: "admin", permissions: ["users:manage"], isActive: false }),
      await seedUser({ staffRole: "super_admin", deletedAt: new Date() }),
    ];
    for (const intruder of intruders) {
      await expect(answerContactMessage({ adminUserId: intruder.id, messageId: id, answer: ANSWER })).rejects.toMatchObject({
        code: "forbidden",
      });
      await expect(closeContactMessage({ adminUserId: intruder.id, messageId: id })).rejects.toMatchObject({ code: "forbidden" });
    }
    expect(await db.contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "open" });
    expect(await answerMails(email)).toHaveLength(0);
    // An active super-admin holds every permission.
    const superAdmin = await seedUser({ staffRole: "super_admin" });
    await answerContactMessage({ adminUserId: superAdmin.id, messageId: id, answer: ANSWER });
  });

  it("refuses an empty or oversized answer and unknown ids", async () => {
    const admin = await seedAdmin(["users:manage"]);
    const { id } = await submitContactMessage(input());
    expect(await rejection(answerContactMessage({ adminUserId: admin.id, messageId: id, answer: "  " }))).toMatchObject({
      code: "validation_failed",
      issues: [{ path: "answer" }],
    });
    expect(await rejection(answerContactMessage({ adminUserId: admin.id, messageId: id, answer: "x".repeat(10_001) }))).toMatchObject({
      issues: [{ path: "answer" }],
    });
    await expect(answerContactMessage({ adminUserId: admin.id, messageId: 2_000_000_000, answer: ANSWER })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(closeContactMessage({ adminUserId: admin.id, messageId: 0 })).rejects.toMatchObject({ code: "not_found" });
  });
});
