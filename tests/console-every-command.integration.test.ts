import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "@/lib/adapters/console/commands";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { createCampaign } from "@/lib/domains/newsletter/create-campaign";
import { startCampaign } from "@/lib/domains/newsletter/start-campaign";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { setMailDnsResolverForTests } from "@/lib/domains/mail/domain-checks/resolver";
import { runCommand as run } from "./console-run";
import { postfixDsn } from "./dsn-fixtures";
import { fakeMailDns } from "./fake-mail-dns";
import { seedCompany, seedRelease, seedUser, unique } from "./factories";
import { setLimits, withLimits } from "./limits";
import { sentRef } from "./mail-bounce-helpers";
import { seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// Acceptance of issue 18: every console command of spec 4.7 runs once on seeded data, with its
// exit code and one effect or output line checked; every one answers --help; `cli list` shows
// them all. A command added to COMMANDS without a case here fails the first test: add one.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const hex = (n: number) =>
  unique("x")
    .replace(/[^0-9a-f]/g, "")
    .padEnd(n, "0")
    .slice(0, n);
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pd-every-command-"));
  setLimits({ STORAGE_DIR: join(dir, "storage") });
});

function seedAgreement(userId: number, data: Record<string, unknown> = {}) {
  return db.userPaymentOption.create({
    data: { userId, provider: "manual", plan: "business", priceCents: 12900, periodStart: ago(31), periodEnd: ago(1), ...data },
  });
}

async function seedImage(releaseId: number, data: { publishedEverAt?: Date | null; formVersion?: "v1" | "v2" } = {}) {
  const sha = hex(64);
  const prefix = hex(16);
  return db.pressReleaseImage.create({
    data: {
      pressReleaseId: releaseId,
      bytesSha256: sha,
      metadataHash: hex(64),
      mimeType: "image/jpeg",
      width: 800,
      height: 600,
      sizeBytes: 8,
      displayPath: `img/${prefix}/${sha.slice(0, 16)}-480.jpg`,
      variants: [],
      rulesVersion: "legacy",
      storagePrefix: prefix,
      formVersion: data.formVersion ?? "v1",
      publishedEverAt: data.publishedEverAt ?? null,
    },
  });
}

async function mergeTwo() {
  const email = `presse@${unique("every")}.de`;
  const survivor = await seedCompany({ email, portal: "business" });
  const merged = await seedCompany({ email, portal: "tech" });
  const r = await run("companies:merge", String(survivor.id), String(merged.id));
  const mergeId = /\(merge ([0-9a-f-]+),/.exec(r.out[0] ?? "")?.[1];
  return { r, survivor, merged, mergeId };
}

/** One case per command: seeds what it needs, runs it once, checks the exit code and one effect or line. */
const CASES: Record<string, () => Promise<void>> = {
  about: async () => {
    const r = await run("about");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^Pressdesk /)]);
  },
  "press-releases:issue-receipts": async () => {
    const old = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "published",
      publishedAt: ago(3),
      publishedEverAt: ago(3),
    });
    const r = await run("press-releases:issue-receipts", "--batch=50");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^issued [1-9]\d* receipts/)]);
    expect(await db.publicationReceipt.count({ where: { pressReleaseId: old.id } })).toBe(1);
  },
  "receipts:rotate-key": async () => {
    const r = await run("receipts:rotate-key");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^current key \S+$/)]);
    expect(await db.receiptSigningKey.count({ where: { retiredAt: null } })).toBe(1);
  },
  "press-releases:publish-scheduled": async () => {
    const { owner, company } = await seedNewsroom();
    const due = await seedCheckedRelease(company.id, owner.id, { data: { status: "scheduled", scheduledAt: ago(0.001) } });
    expect((await run("press-releases:publish-scheduled")).code).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: due.id } })).status).toBe("published");
  },
  "press-releases:sweep-reviews": async () => {
    const lost = await seedRelease({ companyId: (await seedCompany()).id, status: "in_review", updatedAt: ago(0.1) });
    const r = await run("press-releases:sweep-reviews");
    expect([r.code, r.out]).toEqual([0, expect.arrayContaining([`  release ${lost.id}: check requested`])]);
    expect(await db.jobQueue.count({ where: { name: "release/review", payload: { equals: { releaseId: lost.id } } } })).toBe(1);
  },
  "press-releases:reindex-search": async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    expect((await run("press-releases:reindex-search", "--batch=50")).code).toBe(0);
    expect(await db.pressReleaseSearch.count({ where: { pressReleaseId: release.id } })).toBe(1);
  },
  "press-releases:aggregate-views": async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id, status: "published", publishedAt: ago(1) });
    await db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "view" } });
    expect((await run("press-releases:aggregate-views")).code).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).hits).toBe(1);
  },
  "press-releases:purge-events": async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    const old = await db.pressReleaseEvent.create({
      data: { pressReleaseId: release.id, type: "share", channel: "x", createdAt: ago(400) },
    });
    await run("press-releases:aggregate-views");
    expect((await run("press-releases:purge-events")).code).toBe(0);
    expect(await db.pressReleaseEvent.count({ where: { id: old.id } })).toBe(0);
  },
  "press-releases:check-index-status": async () => {
    await seedRelease({ companyId: (await seedCompany()).id, status: "published", publishedAt: ago(2), publishedEverAt: ago(2) });
    const r = await run("press-releases:check-index-status", "--portal=business", "--dry-run");
    expect(r.code).toBe(0);
    expect(r.out.some((l) => l.startsWith("business"))).toBe(true);
  },
  "tokens:prune-expired": async () => {
    const token = await db.apiToken.create({
      data: { userId: (await seedUser()).id, name: "old", tokenHash: hex(40), prefix: "pd_", expiresAt: ago(31) },
    });
    expect((await run("tokens:prune-expired")).code).toBe(0);
    expect(await db.apiToken.count({ where: { id: token.id } })).toBe(0);
  },
  "mail:deliver": async () => {
    const r = await run("mail:deliver", "--budget-seconds=5");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^released \d+ stale claims; /)]);
  },
  "mail:purge": async () => {
    const sent = await db.mailOutbox.create({
      data: {
        to: "a@example.test",
        from: "p@example.test",
        subject: "s",
        html: "h",
        text: "t",
        headers: {},
        mailType: "test",
        status: "sent",
        createdAt: ago(31),
      },
    });
    expect((await run("mail:purge")).code).toBe(0);
    expect(await db.mailOutbox.count({ where: { id: sent.id } })).toBe(0);
  },
  "mail:check-domains": async () => {
    const domain = `${unique("every")}.example`;
    await seedUser({ email: `a@${domain}` });
    setMailDnsResolverForTests(fakeMailDns({ [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }] } }));
    try {
      const r = await run("mail:check-domains", "--stale-hours=0");
      expect([r.code, r.out.some((l) => /^checked \d+ domains/.test(l))]).toEqual([0, true]);
    } finally {
      setMailDnsResolverForTests(null);
    }
  },
  "mail:ingest-dsn": async () => {
    const email = `${unique("every")}@example.org`;
    const file = join(dir, "bounce.eml");
    await writeFile(file, postfixDsn({ recipient: email, ref: await sentRef(email), refHeaderName: getConfig().mail.refHeader }));
    expect((await run("mail:ingest-dsn", file)).code).toBe(0);
    expect(await db.emailBounce.count({ where: { email } })).toBe(1);
  },
  "mail:circuit": async () => {
    await db.mailCircuit.upsert({
      where: { id: 1 },
      create: { id: 1, openedAt: new Date(), openUntil: new Date(Date.now() + 600_000) },
      update: { openedAt: new Date(), openUntil: new Date(Date.now() + 600_000) },
    });
    const r = await run("mail:circuit", "--close");
    expect([r.code, r.out[0]]).toEqual([0, "Circuit closed: sending resumes."]);
  },
  "newsletter:resume": async () => {
    await withLimits({ NEWSLETTER_SENDING_ENABLED: "true" }, async () => {
      await db.newsletterSubscriber.create({ data: { email: `${unique("nl")}@example.test`, confirmedAt: new Date() } });
      const { id } = await createCampaign({ input: { subject: "Every", bodyHtml: "<p>Text</p>", filter: {} }, actorUserId: null });
      await startCampaign({ campaignId: id, actorUserId: null });
      await db.newsletterCampaignRecipient.updateMany({ where: { campaignId: id }, data: { status: "sending", claimedAt: ago(1) } });
      const r = await run("newsletter:resume", String(id));
      expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(new RegExp(`^campaign ${id}: released \\d+ stuck claims`))]);
    });
  },
  "companies:merge": async () => {
    const { r, merged } = await mergeTwo();
    expect(r.code).toBe(0);
    expect((await db.company.findUniqueOrThrow({ where: { id: merged.id } })).mergedIntoCompanyId).not.toBeNull();
  },
  "companies:unmerge": async () => {
    const { merged, mergeId } = await mergeTwo();
    expect((await run("companies:unmerge", mergeId!)).code).toBe(0);
    expect((await db.company.findUniqueOrThrow({ where: { id: merged.id } })).mergedIntoCompanyId).toBeNull();
  },
  "companies:restore": async () => {
    const deleted = await seedCompany({ deletedAt: ago(1) });
    const r = await run("companies:restore", String(deleted.id), "--reason=Versehentlich gelöscht");
    expect([r.code, r.out[0]]).toEqual([0, `restored company ${deleted.id}: 0 releases, 0 public again`]);
    expect((await db.company.findUniqueOrThrow({ where: { id: deleted.id } })).deletedAt).toBeNull();
  },
  "companies:similar-addresses": async () => {
    const domain = `${unique("walzwerk").replace(/[0-9-]/g, "")}.de`;
    await seedCompany({ email: `einkauf@${domain}` });
    await seedCompany({ email: `einkaaf@${domain}` });
    const r = await run("companies:similar-addresses");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^\d+ similar pairs among \d+ addresses, compared in \d+ ms$/)]);
    expect(await db.similarAddressPair.count({ where: { emailA: `einkaaf@${domain}`, emailB: `einkauf@${domain}` } })).toBe(1);
  },
  "company-memberships:audit": async () => {
    const r = await run("company-memberships:audit");
    expect([r.code, r.out.some((l) => /^findings: \d+$/.test(l))]).toEqual([0, true]);
  },
  "company-memberships:resync-auto": async () => {
    const r = await run("company-memberships:resync-auto", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run, nothing changed: checked \d+ accounts/)]);
  },
  "company-memberships:api-assignments": async () => {
    const row = await db.companyUser.create({
      data: { companyId: (await seedCompany()).id, userId: (await seedUser()).id, role: "member", grantedVia: "api" },
    });
    const r = await run("company-memberships:api-assignments");
    expect([r.code, r.out.some((l) => l.startsWith(`${row.id}: `))]).toEqual([0, true]);
  },
  "billing:expire-grandfathering": async () => {
    const r = await run("billing:expire-grandfathering");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^ended \d+ agreements of \d+ customers/)]);
  },
  "billing:run-invoices": async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id);
    const r = await run("billing:run-invoices", "--dry-run");
    expect([r.code, r.out.some((l) => l.startsWith(`would invoice agreement ${a.id} `))]).toEqual([0, true]);
  },
  "legacy:settle-unpaid": async () => {
    const r = await run("legacy:settle-unpaid", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run, nothing changed: dropped \d+/)]);
  },
  "legacy:grandfather-subscriptions": async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { periodEnd: new Date(Date.now() + 10 * DAY) });
    const year = new Date().getUTCFullYear() + 2;
    expect((await run("legacy:grandfather-subscriptions", `--until=${year}-03-01`)).code).toBe(0);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).grandfatheredUntil).not.toBeNull();
  },
  "press-release-images:sweep-orphan-originals": async () => {
    const r = await run("press-release-images:sweep-orphan-originals", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^scanned \d+ files, \d+ orphans \(dry run/)]);
  },
  "press-release-images:purge-inactive-legacy": async () => {
    const r = await run("press-release-images:purge-inactive-legacy");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run: \d+ originals would be purged/)]);
  },
  "image-rights:backfill-confirmations": async () => {
    const image = await seedImage(
      (await seedRelease({ companyId: (await seedCompany()).id, status: "published", publishedAt: ago(1), publishedEverAt: ago(1) })).id,
      { publishedEverAt: ago(1) },
    );
    expect((await run("image-rights:backfill-confirmations")).code).toBe(0);
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id, source: "backfill" } })).toBe(1);
  },
  "archive:retry-pending": async () => {
    const r = await run("archive:retry-pending");
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^done \d+, failed 0, open \d+$/)]);
  },
  "archive:sweep-orphans": async () => {
    const r = await run("archive:sweep-orphans", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run, nothing changed: \d+ jobs closed/)]);
  },
  "archive:purge": async () => {
    const release = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "published",
      publishedAt: ago(1),
      publishedEverAt: ago(1),
    });
    const due = await db.archiveEntry.create({
      data: {
        kind: "release_snapshot",
        subjectType: "press_release",
        subjectId: release.id,
        payload: {},
        signature: "s",
        signingKeyId: "k",
        deleteAfter: ago(1),
      },
    });
    await db.pressRelease.update({ where: { id: release.id }, data: { deletedAt: ago(1) } });
    const r = await run("archive:purge");
    expect([r.code, r.out]).toEqual([
      0,
      expect.arrayContaining([`delete entry ${due.id} (release_snapshot, press_release ${release.id})`]),
    ]);
    expect(await db.archiveEntry.count({ where: { id: due.id } })).toBe(0);
  },
  "archive:reregister": async () => {
    const r = await run("archive:reregister", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run, nothing changed: \d+ images$/)]);
  },
  "archive:export": async () => {
    const release = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "published",
      publishedAt: ago(1),
      publishedEverAt: ago(1),
    });
    const r = await run("archive:export", String(release.id));
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(new RegExp(`^evidence/exports/release-${release.id}-.+\\.json$`))]);
  },
  "archive:verify-export": async () => {
    const release = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "published",
      publishedAt: ago(1),
      publishedEverAt: ago(1),
    });
    const key = (await run("archive:export", String(release.id))).out[0]!;
    const r = await run("archive:verify-export", key);
    expect([r.code, r.out[0]]).toEqual([0, expect.stringMatching(/^valid: signed with key /)]);
  },
  "archive:keys": async () => {
    const r = await run("archive:keys");
    expect([r.code, r.out.some((l) => l.endsWith("\tcurrent"))]).toEqual([0, true]);
  },
  "conversion:funnel": async () => {
    await db.conversionEvent.create({ data: { stage: 1, source: "every" } });
    const r = await run("conversion:funnel");
    expect([r.code, r.out.some((l) => l.includes("source every"))]).toEqual([0, true]);
  },
  "categories:seed-descriptions": async () => {
    const r = await run("categories:seed-descriptions", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run, nothing written: would write /)]);
  },
  "db:online-alter": async () => {
    const r = await run("db:online-alter", "activity_log", "ADD COLUMN every_note text");
    expect([r.code, r.err, r.out.some((l) => l.startsWith("swapped: activity_log now has the change"))]).toEqual([0, [], true]);
    expect(
      (
        await db.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM pg_attribute WHERE attrelid = 'activity_log'::regclass AND attname = 'every_note'`
      )[0]!.n,
    ).toBe(1);
    expect((await run("db:online-alter", "activity_log", "--drop-old")).out.at(-1)).toBe("1 old tables dropped");
  },
  "fulltext:archive": async () => {
    await db.activityLog.create({ data: { type: "user.logged_in", createdAt: new Date("2019-06-01T12:00:00Z") } });
    const r = await run("fulltext:archive", "activity_log", "--before=2020-01-01", "--dry-run");
    expect([r.code, r.err, r.out.at(-1)]).toEqual([0, [], expect.stringMatching(/^dry run: 1 rows of activity_log /)]);
  },
  "fulltext:sweep": async () => {
    const r = await run("fulltext:sweep", "press_release_search", "--dry-run");
    expect([r.code, r.out.at(-1)]).toEqual([0, expect.stringMatching(/^dry run: \d+ stray rows in press_release_search/)]);
  },
  "queue:prune-failed": async () => {
    const failed = await db.failedJob.create({ data: { name: "every/job", payload: {}, error: "boom", failedAt: ago(31) } });
    expect((await run("queue:prune-failed")).code).toBe(0);
    expect(await db.failedJob.count({ where: { id: failed.id } })).toBe(0);
  },
  "model:prune": async () => {
    const old = await db.feedFetch.create({
      data: { feedKind: "main", feedKey: "every", portal: "business", language: "de", userAgentShort: "ua", fetchedAt: ago(396) },
    });
    expect((await run("model:prune")).code).toBe(0);
    expect(await db.feedFetch.count({ where: { id: old.id } })).toBe(0);
  },
  "press-releases:purge-drafts": async () => {
    const draft = await seedRelease({ companyId: (await seedCompany()).id });
    await db.$executeRaw`UPDATE press_releases SET updated_at = ${ago(400)} WHERE id = ${draft.id}`;
    expect((await run("press-releases:purge-drafts")).code).toBe(0);
    expect(await db.pressRelease.count({ where: { id: draft.id } })).toBe(0);
  },
  "press-releases:hash-content": async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    await db.$executeRaw`UPDATE press_releases SET content_hash = ${"f".repeat(64)} WHERE id = ${release.id}`;
    expect((await run("press-releases:hash-content")).code).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).contentHash).toBe(
      contentHash(release.title, release.body),
    );
  },
  "press-releases:assign-canonicals": async () => {
    const company = await seedCompany({ portal: "both" });
    const text = { title: `Twin ${unique("t")}`, body: "<p>Same on both portals.</p>", status: "published" as const };
    const first = await seedRelease({ companyId: company.id, portal: "business", publishedEverAt: ago(2), ...text });
    const copy = await seedRelease({ companyId: company.id, portal: "tech", publishedEverAt: ago(1), ...text });
    expect((await run("press-releases:assign-canonicals")).code).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: copy.id } })).canonicalPressReleaseId).toBe(first.id);
  },
  "press-releases:duplicates-report": async () => {
    const text = { title: `Dup ${unique("t")}`, body: "<p>Twice.</p>" };
    const a = await seedRelease({ companyId: (await seedCompany()).id, ...text });
    await seedRelease({ companyId: (await seedCompany()).id, ...text });
    const r = await run("press-releases:duplicates-report", "--limit=1000");
    expect([r.code, r.out.some((l) => l.startsWith(`  release ${a.id} `))]).toEqual([0, true]);
  },
  "press-releases:backfill-published-ever": async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id, status: "published", publishedAt: ago(3) });
    expect((await run("press-releases:backfill-published-ever")).code).toBe(0);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).publishedEverAt).toEqual(release.publishedAt);
  },
  "ops:watch": async () => {
    const r = await run("ops:watch");
    expect([r.code, r.out.some((l) => l.startsWith("channels: mail "))]).toEqual([0, true]);
  },
  "users:reset-second-factor": async () => {
    const user = await seedUser({ staffRole: "super_admin", totpSecretEncrypted: "v1.x.y.z", totpConfirmedAt: new Date() });
    expect((await run("users:reset-second-factor", user.email)).code).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpConfirmedAt).toBeNull();
  },
};

describe("every console command of spec 4.7", () => {
  it("has a case for each command, and no case for a command that is gone", () => {
    const names = Object.keys(COMMANDS);
    expect(names.filter((n) => !CASES[n]).map((n) => `no case for ${n}`)).toEqual([]);
    expect(
      Object.keys(CASES)
        .filter((n) => !COMMANDS[n])
        .map((n) => `case for unknown command ${n}`),
    ).toEqual([]);
  });

  it.each(Object.keys(COMMANDS))("%s runs once on seeded data", async (name) => {
    const runCase = CASES[name];
    if (!runCase) throw new Error(`no case for ${name}`);
    await runCase();
  });

  it("every command answers --help with its usage (exit 0)", async () => {
    for (const name of Object.keys(COMMANDS)) {
      const help = await run(name, "--help");
      expect([name, help.code, help.out[0]]).toEqual([name, 0, expect.stringMatching(/^Usage: /)]);
    }
  });

  it("`npm run cli -- list` lists every command (no database needed)", async () => {
    const { stdout } = await promisify(execFile)(join(process.cwd(), "node_modules/.bin/tsx"), ["bin/cli.ts", "list"], {
      cwd: process.cwd(),
      timeout: 60_000,
    });
    const listed = stdout
      .split("\n")
      .map((l) => /^ {2}(\S+)/.exec(l)?.[1])
      .filter(Boolean);
    expect([...listed].sort()).toEqual(Object.keys(COMMANDS).sort());
  });
});
