import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentImageDeclarations } from "../image-declarations";
import { imageResourceSelect, toImageResource, type ImageResource } from "../image-resource";

export type WithheldImage = ImageResource & { releaseTitle: string; companyName: string; scores: Record<string, number> };

/** Images the precheck held back and nobody has decided on yet. */
export const withheldImagesWhere = {
  precheckWithheldAt: { not: null },
  withheldAt: null,
  deletedAt: null,
  pressRelease: { deletedAt: null },
} satisfies Prisma.PressReleaseImageWhereInput;

/** Images the precheck held back for a person's decision (spec 3.1 `queue`), oldest first. */
export async function listWithheldImages(): Promise<WithheldImage[]> {
  const rows = await db.pressReleaseImage.findMany({
    where: withheldImagesWhere,
    select: {
      ...imageResourceSelect,
      precheckScores: true,
      pressRelease: { select: { title: true, company: { select: { name: true } } } },
    },
    orderBy: { precheckWithheldAt: "asc" },
    take: 200,
  });
  const declarations = await currentImageDeclarations(rows.map((r) => r.id));
  return rows.map((r) => ({
    ...toImageResource(r, declarations.get(r.id) ?? null),
    releaseTitle: r.pressRelease.title,
    companyName: r.pressRelease.company.name,
    scores: Object.fromEntries(
      Object.entries((r.precheckScores as Record<string, unknown> | null) ?? {}).filter(
        (e): e is [string, number] => typeof e[1] === "number",
      ),
    ),
  }));
}
