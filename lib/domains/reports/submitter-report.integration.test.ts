import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { rangeOf } from "./report-range";
import { csvCell, submitterCopyText, submitterCsv } from "./submitter-export";
import { loadSubmitterReport } from "./submitter-report";

const range = rangeOf("2001-02-01", "2001-02-28");
const addr = (label: string) => `${unique(label)}@example.test`;

async function bounce(
  email: string,
  data: { kind?: "hard" | "soft" | "policy"; signed?: boolean; isRelay?: boolean; diagnostic?: string; createdAt?: Date } = {},
) {
  await db.emailBounce.create({
    data: {
      email,
      kind: data.kind ?? "hard",
      signed: data.signed ?? true,
      isRelay: data.isRelay ?? false,
      diagnostic: data.diagnostic ?? null,
      ...(data.createdAt ? { createdAt: data.createdAt } : {}),
    },
  });
}

describe("submitter report", () => {
  it("lists the authors' and newsrooms' addresses no mail reaches, and only those", async () => {
    const company = await seedCompany({ name: "Nordwind AG", email: addr("presse") });
    const suppressedAuthor = await seedUser({ email: addr("suppressed"), name: "Sina Sperre" });
    const bouncedAuthor = await seedUser({ email: addr("bounced") });
    const unsubscribed = await seedUser({ email: addr("unsub") });
    const unsigned = await seedUser({ email: addr("unsigned") });
    const relay = await seedUser({ email: addr("relay") });
    const notAnAuthor = await seedUser({ email: addr("reader") });
    for (const author of [suppressedAuthor, suppressedAuthor, bouncedAuthor, unsubscribed, unsigned, relay])
      await seedRelease({ companyId: company.id, authorUserId: author.id });

    await db.emailSuppression.create({ data: { email: suppressedAuthor.email, state: "hard_bounce", reason: "550 5.1.1 unknown user" } });
    await db.emailSuppression.create({ data: { email: company.email!, state: "complaint", reason: "spam complaint" } });
    await db.emailSuppression.create({ data: { email: unsubscribed.email, state: "unsubscribed" } });
    await db.emailSuppression.create({ data: { email: notAnAuthor.email, state: "hard_bounce" } });
    await bounce(bouncedAuthor.email, { diagnostic: "550 mailbox gone", createdAt: new Date("2001-02-03T10:00:00Z") });
    await bounce(bouncedAuthor.email, { diagnostic: "550 mailbox really gone", createdAt: new Date("2001-02-04T10:00:00Z") });
    await bounce(unsigned.email, { signed: false });
    await bounce(relay.email, { isRelay: true });
    await bounce(unsubscribed.email, { kind: "soft" });

    const report = await loadSubmitterReport({ range });
    const dead = new Map(report.deadAddresses.map((a) => [a.email, a]));
    expect([...dead.keys()].sort()).toEqual([suppressedAuthor.email, bouncedAuthor.email, company.email!].sort());
    expect(dead.get(suppressedAuthor.email)).toMatchObject({
      state: "hard_bounce",
      authors: [{ userId: suppressedAuthor.id, name: "Sina Sperre", releases: 2 }],
      companies: [],
    });
    expect(dead.get(company.email!)).toMatchObject({
      state: "complaint",
      authors: [],
      companies: [{ id: company.id, name: "Nordwind AG" }],
    });
    expect(dead.get(bouncedAuthor.email)).toMatchObject({ state: null, hardBounces: 2, lastDiagnostic: "550 mailbox really gone" });
  });

  it("lists releases the automatic review rejected in the range, with the red check's reasons", async () => {
    const company = await seedCompany({ name: "Prüf GmbH" });
    const author = await seedUser();
    const [inRange, byPerson, outside, noCheck] = await Promise.all(
      [1, 2, 3, 4].map(() => seedRelease({ companyId: company.id, authorUserId: author.id, title: `Meldung ${unique("t")}` })),
    );
    const at = new Date("2001-02-10T09:00:00Z");
    await db.pressReleaseClassification.create({
      data: {
        pressReleaseId: inRange!.id,
        result: "red",
        classifier: "test",
        attempt: 1,
        contentHash: "a".repeat(64),
        createdAt: at,
        reasons: [
          { code: "advertising", severity: "red", message: "Der Text liest sich wie Werbung." },
          { code: "tone", severity: "yellow", message: "Etwas laut." },
        ],
      },
    });
    await db.pressReleaseHistory.createMany({
      data: [
        {
          pressReleaseId: inRange!.id,
          fromStatus: "in_review",
          toStatus: "rejected",
          actorType: "ki",
          outcome: "rejected",
          reason: "advertising",
          createdAt: at,
        },
        {
          pressReleaseId: byPerson!.id,
          fromStatus: "in_review",
          toStatus: "rejected",
          actorType: "admin",
          outcome: "returned",
          createdAt: at,
        },
        {
          pressReleaseId: outside!.id,
          fromStatus: "in_review",
          toStatus: "rejected",
          actorType: "ki",
          outcome: "rejected",
          createdAt: new Date("2001-03-01T12:00:00Z"),
        },
        {
          pressReleaseId: noCheck!.id,
          fromStatus: "in_review",
          toStatus: "rejected",
          actorType: "ki",
          outcome: "rejected",
          reason: "shouting",
          createdAt: new Date("2001-02-11T09:00:00Z"),
        },
      ],
    });
    const report = await loadSubmitterReport({ range });
    expect(report.autoRejections.map((r) => [r.releaseId, r.reason])).toEqual([
      [noCheck!.id, "shouting"],
      [inRange!.id, "Der Text liest sich wie Werbung."],
    ]);
    expect(report.autoRejections[1]).toMatchObject({
      company: { id: company.id, name: "Prüf GmbH" },
      author: { id: author.id, email: author.email },
    });

    const text = submitterCopyText(report, new Date("2001-03-01T10:00:00Z"));
    expect(text).toContain("Automatisch abgelehnte Meldungen vom 01.02.2001 bis 28.02.2001 (2):");
    expect(text).toContain(
      `„${inRange!.title}“ (Nr. ${inRange!.id}) – Prüf GmbH – ${author.email} – Grund: Der Text liest sich wie Werbung.`,
    );
  });

  it("writes CSV a spreadsheet cannot turn into a formula", async () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const bad of ["+1", "-1+2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(bad).startsWith(`"'`), bad).toBe(true);
    expect(csvCell("plain; text")).toBe('"plain; text"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');

    const company = await seedCompany({ name: "=cmd|' /C calc'!A0" });
    const author = await seedUser({ email: addr("csv"), name: "@Mallory" });
    const release = await seedRelease({ companyId: company.id, authorUserId: author.id, title: '+Titel mit "Zitat"' });
    await db.pressReleaseHistory.create({
      data: {
        pressReleaseId: release.id,
        fromStatus: "in_review",
        toStatus: "rejected",
        actorType: "ki",
        reason: "-malicious",
        createdAt: new Date("2001-02-20T09:00:00Z"),
      },
    });
    await db.emailSuppression.create({ data: { email: author.email, state: "manual", reason: "=1+1" } });
    const report = await loadSubmitterReport({ range });

    const rejections = submitterCsv(report, "rejections");
    expect(rejections.startsWith('\uFEFF"abgelehnt am";')).toBe(true);
    const line = rejections.split("\r\n").find((l) => l.includes(String(release.id)))!;
    expect(line).toContain(`"'+Titel mit ""Zitat"""`);
    expect(line).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(line).toContain(`"'@Mallory"`);
    expect(line).toContain(`"'-malicious"`);
    const addresses = submitterCsv(report, "addresses")
      .split("\r\n")
      .find((l) => l.includes(author.email))!;
    expect(addresses).toContain('"manuell gesperrt"');
    expect(addresses).toContain(`"'=1+1"`);
    // Every cell is quoted, so no cell starts with a formula character.
    for (const l of rejections
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n"))
      expect(l.split(";").every((c) => c.startsWith('"'))).toBe(true);
  });
});
