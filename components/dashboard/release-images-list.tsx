"use client";

import { useActionState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmForm } from "@/components/ui/confirm-dialog";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { ImageResource } from "@/lib/domains/images/image-resource";
import { ImageDeclarationForm } from "./image-declaration-form";
import { ImageFacts, ImageStatusBadge, ImageThumb } from "./image-labels";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

const REMOVE_CONFIRM = {
  title: "Bild entfernen?",
  consequence:
    "Das Bild wird aus der Pressemitteilung entfernt. War es schon veröffentlicht, verschwindet es von den Portalen; das Original bleibt als Nachweis gespeichert.",
  confirmLabel: "Bild entfernen",
};

/** The order with the image at `index` swapped with its neighbour `by` places away. */
function moved(ids: number[], index: number, by: -1 | 1): string {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next.join(",");
}

/**
 * The images of a release, in their order: preview as the portal crops it, state, credit and
 * the checks' findings; with `canManage` also cover, order and removal. One live region
 * announces what the last button did.
 */
export function ReleaseImagesList({
  releaseId,
  images,
  canManage,
  arrange,
  remove,
  correct,
}: {
  releaseId: number;
  images: ImageResource[];
  canManage: boolean;
  arrange: Action;
  remove: Action;
  correct: Action;
}) {
  const [result, dispatch, pending] = useActionState<ActionResult | null, FormData>(
    (prev, form) => (form.get("op") === "remove" ? remove(prev, form) : arrange(prev, form)),
    null,
  );
  const ids = images.map((i) => i.id);
  const order = ids.join(",");
  const cover = images.find((i) => i.isCover)?.id ?? null;

  return (
    <>
      <div className="image-list-status" role="status" aria-live="polite">
        {result?.message ? (
          <Notice tone={result.ok ? "success" : "error"} detail={result.detail}>
            {result.message}
          </Notice>
        ) : null}
      </div>
      <ol className="image-list">
        {images.map((image, index) => {
          const name = `Bild ${index + 1}${image.alt ? ` („${image.alt}“)` : ""}`;
          return (
            <li key={image.id} data-image-id={image.id} className="image-item">
              <ImageThumb src={`/dashboard/releases/${releaseId}/images/${image.id}/preview`} image={image} />
              <div className="image-item-body">
                <p className="image-item-head">
                  <ImageStatusBadge status={image.status} />
                  {image.isCover ? <Badge tone="info">Titelbild</Badge> : null}
                  <span className="meta">
                    Bild {index + 1} von {images.length}
                    {image.uploadedByAdmin ? " · von unserem Team hochgeladen" : null}
                  </span>
                </p>
                <ImageFacts image={image} />
                {canManage ? (
                  <FormActions spacing="compact" className="image-item-actions">
                    <form action={dispatch}>
                      <input type="hidden" name="op" value="arrange" />
                      <input type="hidden" name="intent" value="cover" />
                      <input type="hidden" name="order" value={order} />
                      <input type="hidden" name="cover" value={image.id} />
                      <Button type="submit" variant="secondary" size="sm" disabled={pending || image.isCover}>
                        Als Titelbild verwenden<span className="visually-hidden">: {name}</span>
                      </Button>
                    </form>
                    <form action={dispatch}>
                      <input type="hidden" name="op" value="arrange" />
                      <input type="hidden" name="order" value={index > 0 ? moved(ids, index, -1) : order} />
                      <input type="hidden" name="cover" value={cover ?? ""} />
                      <Button type="submit" variant="secondary" size="sm" disabled={pending || index === 0}>
                        <span aria-hidden="true">↑ </span>Nach oben<span className="visually-hidden">: {name}</span>
                      </Button>
                    </form>
                    <form action={dispatch}>
                      <input type="hidden" name="op" value="arrange" />
                      <input type="hidden" name="order" value={index < ids.length - 1 ? moved(ids, index, 1) : order} />
                      <input type="hidden" name="cover" value={cover ?? ""} />
                      <Button type="submit" variant="secondary" size="sm" disabled={pending || index === ids.length - 1}>
                        <span aria-hidden="true">↓ </span>Nach unten<span className="visually-hidden">: {name}</span>
                      </Button>
                    </form>
                    <ConfirmForm action={dispatch} confirmText={REMOVE_CONFIRM}>
                      <input type="hidden" name="op" value="remove" />
                      <input type="hidden" name="imageId" value={image.id} />
                      <Button type="submit" variant="danger-quiet" size="sm" disabled={pending}>
                        Entfernen<span className="visually-hidden">: {name}</span>
                      </Button>
                    </ConfirmForm>
                  </FormActions>
                ) : null}
                {canManage ? <ImageDeclarationForm image={image} action={correct} reasonRequired={false} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
