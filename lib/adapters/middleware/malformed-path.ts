import type { NextResponse } from "next/server";
import { isDecodablePath } from "@/lib/core/input/path-segment";
import { refusalResponse } from "./refusal";

/**
 * A path whose percent-encoding does not decode (`%F2%88%88`, a lone `%`) names nothing: 400,
 * answered here before Next tries to decode it into route parameters (which ends in a bare 500).
 * A client's mistake, so nothing is reported. Null when the path is fine.
 */
export function malformedPathResponse(pathname: string): NextResponse | null {
  if (isDecodablePath(pathname)) return null;
  return refusalResponse(pathname, {
    code: "bad_request",
    message: "The path contains malformed percent-encoding.",
    title: "Ungültige Adresse",
    text: "Diese Adresse enthält fehlerhaft kodierte Zeichen und kann nicht aufgerufen werden.",
  });
}
