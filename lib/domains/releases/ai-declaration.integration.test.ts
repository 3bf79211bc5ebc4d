import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { AiDeclarationKind } from "@/lib/generated/prisma/client";
import { seedRelease, seedUser } from "@/tests/factories";
import { seedNewsroom } from "@/tests/release-fixtures";
import { currentTextDeclaration, declareTextAi } from "./ai-declaration";

const textRows = (pressReleaseId: number) =>
  db.pressReleaseAiDeclaration.findMany({
    where: { pressReleaseId, scope: "text" },
    orderBy: { version: "asc" },
    select: { declaration: true, version: true, userId: true },
  });

async function draft(status: "draft" | "published" = "draft") {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status,
    ...(status === "published" ? { publishedAt: new Date(), publishedEverAt: new Date() } : {}),
  });
  return { owner, company, release, actor: { type: "user" as const, userId: owner.id } };
}

describe("declareTextAi", () => {
  it("writes a version only when the declaration changes, and reads the newest as current", async () => {
    const { owner, release, actor } = await draft();
    expect(await currentTextDeclaration(release.id)).toBeNull();
    // An image's declaration is not the text's.
    await db.pressReleaseAiDeclaration.create({
      data: { pressReleaseId: release.id, scope: "image", imageId: 4711, declaration: "ai_generated", version: 1 },
    });

    expect(await declareTextAi({ releaseId: release.id, declaration: "without_ai", actor })).toEqual({
      declaration: "without_ai",
      version: 1,
      changed: true,
    });
    expect(await declareTextAi({ releaseId: release.id, declaration: "without_ai", actor })).toEqual({
      declaration: "without_ai",
      version: 1,
      changed: false,
    });
    expect(await declareTextAi({ releaseId: release.id, declaration: "ai_assisted", actor })).toEqual({
      declaration: "ai_assisted",
      version: 2,
      changed: true,
    });
    expect(await declareTextAi({ releaseId: release.id, declaration: "without_ai", actor })).toMatchObject({ version: 3, changed: true });

    expect(await textRows(release.id)).toEqual([
      { declaration: "without_ai", version: 1, userId: owner.id },
      { declaration: "ai_assisted", version: 2, userId: owner.id },
      { declaration: "without_ai", version: 3, userId: owner.id },
    ]);
    expect(await currentTextDeclaration(release.id)).toBe("without_ai");
    const activity = await db.activityLog.findMany({
      where: { type: "release.ai_declared", subjectId: String(release.id) },
      orderBy: { id: "asc" },
    });
    expect(activity.map((a) => a.result)).toEqual(["without_ai", "ai_assisted", "without_ai"]);
  });

  it("two saves at once never write the same version (the release row lock)", async () => {
    const { release, actor } = await draft();
    // From no declaration, two different ones at once: both are changes, one after the other.
    const pair = await Promise.all(
      (["ai_assisted", "ai_generated"] as const).map((declaration) => declareTextAi({ releaseId: release.id, declaration, actor })),
    );
    expect(pair.map((r) => r.version).sort()).toEqual([1, 2]);
    expect((await textRows(release.id)).map((r) => r.version)).toEqual([1, 2]);

    // Many at once, alternating: versions stay 1..n without gaps or twins, and no version repeats its predecessor.
    const kinds: AiDeclarationKind[] = [
      "without_ai",
      "ai_generated",
      "without_ai",
      "ai_assisted",
      "without_ai",
      "ai_generated",
      "ai_generated",
      "without_ai",
    ];
    await Promise.all(kinds.map((declaration) => declareTextAi({ releaseId: release.id, declaration, actor })));
    const rows = await textRows(release.id);
    expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.declaration).not.toBe(rows[i - 1]!.declaration);

    // The same declaration twice at once: one row, not two.
    const other = await draft();
    await Promise.all([1, 2, 3].map(() => declareTextAi({ releaseId: other.release.id, declaration: "ai_generated", actor: other.actor })));
    expect(await textRows(other.release.id)).toEqual([{ declaration: "ai_generated", version: 1, userId: other.owner.id }]);
  });

  it("follows the text's rules: only who may edit it, and not once published", async () => {
    const { company, release } = await draft();
    const stranger = await seedUser();
    await expect(
      declareTextAi({ releaseId: release.id, declaration: "ai_generated", actor: { type: "user", userId: stranger.id } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const member = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" } });
    // A member changes only the releases they wrote.
    await expect(
      declareTextAi({ releaseId: release.id, declaration: "ai_generated", actor: { type: "user", userId: member.id } }),
    ).rejects.toMatchObject({ code: "forbidden" });

    const published = await draft("published");
    await db.pressReleaseAiDeclaration.create({
      data: { pressReleaseId: published.release.id, scope: "text", declaration: "without_ai", version: 1, userId: published.owner.id },
    });
    await expect(
      declareTextAi({ releaseId: published.release.id, declaration: "ai_generated", actor: published.actor }),
    ).rejects.toMatchObject({ code: "conflict" });
    // Repeating what stands is no change and passes.
    expect(await declareTextAi({ releaseId: published.release.id, declaration: "without_ai", actor: published.actor })).toMatchObject({
      changed: false,
      version: 1,
    });
    expect(await textRows(release.id)).toEqual([]);
  });
});
