import type { ArchiveOperation } from "../jobs";
import { imageEvidenceOperation } from "./image-evidence";
import { imageRemovedOperation } from "./image-removed";
import type { ArchiveOperationHandler } from "./types";

/** The handler of every operation a job may name. */
export const ARCHIVE_OPERATION_HANDLERS: Record<ArchiveOperation, ArchiveOperationHandler<unknown>> = {
  image_evidence: imageEvidenceOperation as ArchiveOperationHandler<unknown>,
  image_removed: imageRemovedOperation as ArchiveOperationHandler<unknown>,
};
