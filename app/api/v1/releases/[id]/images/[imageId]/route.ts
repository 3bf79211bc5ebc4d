import { userIdOf } from "@/lib/adapters/api/handler";
import { ImageDeclarationInput, ImageIdParams } from "@/lib/adapters/api/image-schemas";
import { imageToApi } from "@/lib/adapters/api/images";
import { apiRoute, json } from "@/lib/core/http/route";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";

// PATCH /api/v1/releases/{id}/images/{imageId}: correct the credit, alt text or AI declaration (a new og variant and snapshot).
export const PATCH = apiRoute(
  { route: "/api/v1/releases/[id]/images/[imageId]", auth: "token", rateLimit: "api", params: ImageIdParams, body: ImageDeclarationInput },
  async (ctx) =>
    json({
      data: imageToApi(
        await correctImageDeclaration({
          imageId: ctx.params.imageId,
          releaseId: ctx.params.id,
          userId: userIdOf(ctx),
          customerStatement: ctx.body.copyright,
          alt: ctx.body.alt,
          aiDeclaration: ctx.body.ai_declaration,
          reason: ctx.body.reason,
        }),
      ),
    }),
);

// DELETE /api/v1/releases/{id}/images/{imageId}: the remover (erased if never published, else soft-deleted).
export const DELETE = apiRoute(
  { route: "/api/v1/releases/[id]/images/[imageId]", auth: "token", rateLimit: "api", params: ImageIdParams },
  async (ctx) => {
    await removeReleaseImage({ imageId: ctx.params.imageId, releaseId: ctx.params.id, userId: userIdOf(ctx) });
    return new Response(null, { status: 204 });
  },
);
