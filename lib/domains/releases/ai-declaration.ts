import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, isTransaction, type DbOrTx, type Tx } from "@/lib/core/db/client";
import type { AiDeclarationKind, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { assertActorMay } from "./actor-rights";
import type { Actor } from "./history";
import { lockRelease } from "./lock";
import { EDITABLE_STATUSES } from "./save-release";

// The customer's self-declaration of AI use for a release text (spec 2.3,
// press_release_ai_declarations): insert-only and versioned per release and scope. The text's
// rows have image_id NULL; image declarations are rows of scope `image` with their image id.

/** Prisma include of the current text declaration: the newest version of scope `text`. */
export const CURRENT_TEXT_DECLARATION = {
  where: { scope: "text", imageId: null },
  orderBy: { version: "desc" },
  take: 1,
  select: { declaration: true, version: true },
} as const satisfies Prisma.PressRelease$aiDeclarationsArgs;

export interface TextDeclaration {
  declaration: AiDeclarationKind;
  version: number;
  /** False when the declaration equalled the current one and nothing was written. */
  changed: boolean;
}

/** The release text's current declaration, or null when none was ever made (older releases). */
export async function currentTextDeclaration(releaseId: number, client: DbOrTx = db): Promise<AiDeclarationKind | null> {
  const row = await client.pressReleaseAiDeclaration.findFirst({
    where: { pressReleaseId: releaseId, ...CURRENT_TEXT_DECLARATION.where },
    orderBy: CURRENT_TEXT_DECLARATION.orderBy,
    select: { declaration: true },
  });
  return row?.declaration ?? null;
}

/**
 * Declares how the release text came about. A new version (previous highest + 1) is written
 * only when the declaration differs from the current one; repeating it writes nothing. Changing
 * it follows the text's own rules: the actor must be allowed to edit the release, and the
 * release must still be editable (a published text changes through a paid change).
 */
export async function declareTextAi(
  opts: { releaseId: number; declaration: AiDeclarationKind; actor: Actor },
  client?: DbOrTx,
): Promise<TextDeclaration> {
  const run = async (tx: Tx): Promise<TextDeclaration> => {
    // Two saves at once would both read version N and both write N + 1: the unique index does
    // not stop them (image_id is NULL for the text, and NULLs are distinct). The row lock on
    // the release serialises them; the second reads the first one's version after it.
    const release = await lockRelease(tx, opts.releaseId);
    await assertActorMay(tx, opts.actor, release, "edit");
    const current = await tx.pressReleaseAiDeclaration.findFirst({
      where: { pressReleaseId: release.id, ...CURRENT_TEXT_DECLARATION.where },
      orderBy: CURRENT_TEXT_DECLARATION.orderBy,
    });
    if (current?.declaration === opts.declaration) return { declaration: current.declaration, version: current.version, changed: false };
    if (!(EDITABLE_STATUSES as readonly string[]).includes(release.status) || release.goneAt) {
      throw new AppError(
        "conflict",
        `The AI declaration of a release in status ${release.status} cannot change; published releases change through a paid change.`,
      );
    }
    const row = await tx.pressReleaseAiDeclaration.create({
      data: {
        pressReleaseId: release.id,
        scope: "text",
        declaration: opts.declaration,
        version: (current?.version ?? 0) + 1,
        userId: opts.actor.userId ?? null,
      },
    });
    await recordActivity(
      {
        actorUserId: opts.actor.userId ?? null,
        type: ACTIVITY.releaseAiDeclared,
        subjectType: "press_release",
        subjectId: release.id,
        result: row.declaration,
        metadata: { scope: "text", version: row.version, previous: current?.declaration ?? null },
      },
      tx,
    );
    return { declaration: row.declaration, version: row.version, changed: true };
  };
  return client && isTransaction(client) ? run(client as Tx) : db.$transaction(run);
}
