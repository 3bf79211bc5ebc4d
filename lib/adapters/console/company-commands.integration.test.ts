import { runCommand } from "@/tests/console-run";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { COMMANDS } from "./commands";

// Each company maintenance command run once through the registry on seeded data: exit code,
// output and effect; plus --help and a wrong call (exit 2) for every one of them.

const run = runCommand;

const NAMES = [
  "companies:merge",
  "companies:unmerge",
  "company-memberships:audit",
  "company-memberships:resync-auto",
  "company-memberships:api-assignments",
];

describe("company maintenance commands", () => {
  it("every one answers --help with its usage (exit 0) and a wrong call with 2", async () => {
    const wrong: Record<string, string[][]> = {
      "companies:merge": [[], ["1"], ["1", "x"], ["1", "2", "3"], ["1", "2", "--dry-run=yes"], ["1", "2", "--force"]],
      "companies:unmerge": [[], ["a", "b"], ["00000000-0000-4000-8000-000000000000"], ["--dry-run"]],
      "company-memberships:audit": [["--before=2024-13-01"], ["--before"], ["--before=yesterday"], ["--classify=1"], ["extra"]],
      "company-memberships:resync-auto": [["--dry-run=1"], ["now"], ["--yes"]],
      "company-memberships:api-assignments": [["--yes"], ["--remove="], ["--remove=1,x"], ["--remove"], ["--remove=1", "--yes=no"]],
    };
    for (const name of NAMES) {
      const help = await run(name, "--help");
      expect([name, help.code, help.out[0]]).toEqual([name, 0, `Usage: ${COMMANDS[name]!.usage}`]);
      expect(help.out.at(-1)).toContain("Exit codes");
      for (const argv of wrong[name]!) {
        const r = await run(name, ...argv);
        expect([name, argv, r.code]).toEqual([name, argv, 2]);
        expect(r.err.at(-1)).toContain("Usage:");
      }
    }
  });

  it("companies:merge and companies:unmerge", async () => {
    const email = `presse@${unique("cli")}.de`;
    const survivor = await seedCompany({ email, portal: "business" });
    const other = await seedCompany({ email, portal: "tech", descriptionDe: "Beschreibung" });
    const stranger = await seedCompany({ email: "info@woanders.de" });

    const refused = await run("companies:merge", String(survivor.id), String(stranger.id));
    expect([refused.code, refused.out[0]]).toEqual([0, expect.stringMatching(/^refused \(different_email\): /)]);
    const dry = await run("companies:merge", String(survivor.id), String(other.id), "--dry-run");
    expect([dry.code, dry.out[0]]).toEqual([0, expect.stringMatching(/^dry run, nothing changed: would merge company/)]);
    expect((await db.company.findUniqueOrThrow({ where: { id: other.id } })).mergedIntoCompanyId).toBeNull();

    const merge = await run("companies:merge", String(survivor.id), String(other.id));
    expect(merge.code).toBe(0);
    expect(merge.out).toContain("  portal business -> both");
    expect(merge.out).toContain("  filled in: descriptionDe");
    const mergeId = /\(merge ([0-9a-f-]{36}),/.exec(merge.out[0]!)![1]!;
    expect(merge.out.at(-1)).toBe(`  undo: companies:unmerge ${mergeId}`);
    expect((await db.company.findUniqueOrThrow({ where: { id: other.id } })).mergedIntoCompanyId).toBe(survivor.id);

    const unmerge = await run("companies:unmerge", mergeId);
    expect([unmerge.code, unmerge.out[0]]).toEqual([
      0,
      expect.stringMatching(new RegExp(`^unmerged company ${other.id} from ${survivor.id}: \\d+ values restored, 0 credits returned$`)),
    ]);
    expect(await db.company.findUniqueOrThrow({ where: { id: survivor.id } })).toMatchObject({ portal: "business", descriptionDe: null });
    const again = await run("companies:unmerge", mergeId);
    expect([again.code, again.out[0]]).toEqual([0, `refused (already_undone): Merge ${mergeId} was already undone.`]);
  });

  it("company-memberships:audit", async () => {
    const company = await seedCompany({ email: `${unique("x")}@gmail.com` });
    const user = await seedUser();
    const row = await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "member", grantedVia: "auto" } });
    const rowsBefore = await db.companyUser.count();
    const r = await run("company-memberships:audit", "--classify", "--before=2999-01-01");
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^classified: \d+ address groups/);
    expect(r.out).toContain(
      `auto_on_shared_address company=${company.id} membership=${row.id} user=${user.id} role=member via=auto created=${row.createdAt.toISOString().slice(0, 10)}: company address ${company.email} is consumer_mail`,
    );
    expect(r.out).toContain(
      `newsroom_without_owner company=${company.id} created=${company.createdAt.toISOString().slice(0, 10)}: newsroom ${company.slug} has no active owner`,
    );
    expect(r.out.find((l) => l.startsWith("findings: "))).toBeDefined();
    expect(await db.companyUser.count()).toBe(rowsBefore);
    expect(await db.companyEmailGroup.count({ where: { normalizedEmail: company.email! } })).toBe(1);
  });

  it("company-memberships:resync-auto", async () => {
    const company = await seedCompany({ email: `presse@${unique("sync")}.de` });
    const user = await seedUser();
    const row = await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "responsible", grantedVia: "auto" } });
    const dry = await run("company-memberships:resync-auto", "--dry-run");
    expect(dry.out).toContain(`user ${user.id} (${user.email}): lowered in [${company.id}], offered to owners in []`);
    expect((await db.companyUser.findUniqueOrThrow({ where: { id: row.id } })).role).toBe("responsible");
    const r = await run("company-memberships:resync-auto");
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toMatch(/^checked \d+ accounts, \d+ changed: \d+ rights lowered, \d+ matches offered to owners$/);
    expect((await db.companyUser.findUniqueOrThrow({ where: { id: row.id } })).role).toBe("member");
  });

  it("company-memberships:api-assignments", async () => {
    const company = await seedCompany({ name: "Beispiel AG" });
    const user = await seedUser();
    const row = await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "member", grantedVia: "api" } });
    const owner = await db.companyUser.create({
      data: { companyId: company.id, userId: (await seedUser()).id, role: "owner", grantedVia: "api" },
    });
    const list = await run("company-memberships:api-assignments");
    expect(list.code).toBe(0);
    expect(list.out).toContain(
      `${row.id}: company ${company.id} (Beispiel AG), user ${user.id} (${user.email}), member, created ${row.createdAt.toISOString().slice(0, 10)}`,
    );

    const preview = await run("company-memberships:api-assignments", `--remove=${row.id},${owner.id}`);
    expect(preview.out).toEqual([
      `would remove ${row.id}: company ${company.id} (Beispiel AG), user ${user.id} (${user.email}), member, created ${row.createdAt.toISOString().slice(0, 10)}`,
      `kept ${owner.id}: last owner of newsroom ${company.id}; a newsroom's last owner is never removed`,
      "preview only: add --yes to remove 1",
    ]);
    expect(await db.companyUser.count({ where: { companyId: company.id } })).toBe(2);
    const done = await run("company-memberships:api-assignments", `--remove=${row.id},${owner.id}`, "--yes");
    expect([done.code, done.out.at(-1)]).toEqual([0, "removed 1"]);
    expect(await db.companyUser.findMany({ where: { companyId: company.id }, select: { id: true } })).toEqual([{ id: owner.id }]);
  });
});
