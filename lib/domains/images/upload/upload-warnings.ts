import type { ImageResource, ImageWarning } from "../image-resource";
import type { ProcessedUpload } from "./process-upload";

/** What the uploader should know (spec 3.1 hints, 4.2 warnings[]). */
export function warningsOf(image: ImageResource, processed: Pick<ProcessedUpload, "precheck" | "provenance">): ImageWarning[] {
  const warnings: ImageWarning[] = [];
  const precheck = processed.precheck;
  if (precheck?.outcome === "queue")
    warnings.push({
      code: "image_under_review",
      message: "Das Bild wird vor der Veröffentlichung von uns geprüft; die Pressemitteilung läuft weiter.",
    });
  if (precheck?.outcome === "error")
    warnings.push({
      code: "precheck_unavailable",
      message: "Die automatische Bildprüfung war nicht möglich; das Bild wurde mit einem Vermerk übernommen.",
    });
  for (const r of precheck?.reasons ?? []) if (r.outcome === "hint") warnings.push({ code: r.code, message: r.message });
  if (processed.provenance.finding === "algorithmically_enhanced")
    warnings.push({
      code: "algorithmically_enhanced",
      message: "Laut Bilddaten algorithmisch verbessert (nur ein Hinweis, keine Kennzeichnung).",
    });
  if (processed.provenance.finding === "ai_generated")
    warnings.push({
      code: "provenance_ai_generated",
      message: "Laut Bilddaten KI-generiert: das Bild wird als KI-generiert gekennzeichnet.",
    });
  if (processed.provenance.finding === "error")
    warnings.push({ code: "provenance_unreadable", message: "Die Bilddaten (IPTC, XMP, EXIF) ließen sich nicht lesen." });
  if (image.status === "awaiting_owner_confirmation")
    warnings.push({
      code: "awaiting_owner_confirmation",
      message: "Das Bild bleibt verborgen, bis die Inhaberin oder der Inhaber des Newsrooms die Rechte per E-Mail-Link bestätigt.",
    });
  return warnings;
}
