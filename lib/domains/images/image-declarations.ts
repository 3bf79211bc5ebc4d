import { db, type DbOrTx } from "@/lib/core/db/client";
import type { AiDeclaration } from "./credit";

/** The newest AI self-declaration of each image (press_release_ai_declarations, scope image). */
export async function currentImageDeclarations(imageIds: number[], client: DbOrTx = db): Promise<Map<number, AiDeclaration>> {
  const out = new Map<number, AiDeclaration>();
  if (!imageIds.length) return out;
  const rows = await client.pressReleaseAiDeclaration.findMany({
    where: { scope: "image", imageId: { in: imageIds } },
    orderBy: { version: "asc" },
    select: { imageId: true, declaration: true },
  });
  for (const r of rows) if (r.imageId !== null) out.set(r.imageId, r.declaration);
  return out;
}
