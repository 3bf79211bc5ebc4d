import type { ImageResource } from "@/lib/domains/images/image-resource";

/** The API's snake_case shape of an image (lib/adapters/api/image-schemas.ts). */
export function imageToApi(i: ImageResource) {
  return {
    id: i.id,
    release_id: i.releaseId,
    position: i.position,
    is_cover: i.isCover,
    alt: i.alt,
    customer_statement: i.customerStatement,
    portal_label: i.portalLabel,
    credit: i.credit,
    ai_declaration: i.aiDeclaration,
    provenance: i.provenance,
    confirmation: i.confirmation ? { text_version: i.confirmation.textVersion, confirmed_at: i.confirmation.confirmedAt } : null,
    precheck: i.precheck,
    status: i.status,
    form_version: i.formVersion,
    width: i.width,
    height: i.height,
    focus_x: i.focusX,
    focus_y: i.focusY,
    no_crop: i.noCrop,
    created_at: i.createdAt,
  };
}
