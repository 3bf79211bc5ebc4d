import { UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";

// The upload route answers the documented error body { error: { code, message, requestId,
// issues?, details? } } in the API's English. This turns it into what the form shows in German.

export type UploadField = "image" | "copyright" | "alt" | "ai_declaration" | "focus_x" | "rights_confirmed";

export interface UploadError {
  message: string;
  /** Shown small under the message: the request id a support question can quote. */
  detail?: string;
  issues?: Partial<Record<UploadField, string>>;
  /** The confirmation wording changed since the page was loaded. */
  stale?: boolean;
}

interface ErrorBody {
  code?: string;
  message?: string;
  requestId?: string;
  issues?: { path?: string; message?: string }[];
  details?: Record<string, unknown>;
}

const FIELD_TEXTS: Record<UploadField, string> = {
  image: "Bitte wählen Sie eine Bilddatei.",
  copyright: "Bitte nennen Sie den Urheber bzw. Bildnachweis (2 bis 200 Zeichen).",
  alt: "Die Bildbeschreibung darf höchstens 300 Zeichen haben.",
  ai_declaration: "Bitte wählen Sie eine der Angaben zur KI.",
  focus_x: "Der Bildausschnitt liegt außerhalb des Bildes.",
  rights_confirmed: "Ohne Bestätigung der Bildrechte können wir das Bild nicht annehmen.",
};

/** Credit or alt text with a control character, noncharacter or bidi override (lib/core/input/text.ts). */
const UNREADABLE_FIELD_TEXT =
  "Enthält ein Steuer- oder Sonderzeichen, das nicht lesbar ist (oft aus einer kopierten Vorlage). Bitte tippen Sie die Angabe neu.";

// The decoder's refusals (details.reason) come in English; the precheck's in German (issues[0]).
const DECODE_TEXTS: Record<string, string> = {
  not_an_image: "Die Datei ist kein Bild. Bitte laden Sie ein JPEG, PNG, WebP oder AVIF hoch.",
  unsupported_format: "Dieses Dateiformat wird nicht unterstützt. Bitte laden Sie ein JPEG, PNG, WebP oder AVIF hoch.",
  too_many_pixels: "Das Bild hat zu viele Pixel. Bitte laden Sie eine kleinere Fassung hoch.",
  too_small: "Das Bild ist zu klein. Bitte laden Sie eine größere Fassung hoch.",
  corrupt: "Die Bilddatei ist beschädigt oder unvollständig. Bitte exportieren Sie sie neu und laden Sie die neue Datei hoch.",
};

function fieldOf(path: string | undefined): UploadField | null {
  if (path === "focus_y") return "focus_x";
  return path && path in FIELD_TEXTS ? (path as UploadField) : null;
}

export function uploadErrorOf(status: number, json: unknown, maxMb: number): UploadError {
  const body = ((json as { error?: ErrorBody } | null)?.error ?? {}) as ErrorBody;
  const detail = body.requestId ? `Vorgangsnummer: ${body.requestId}` : undefined;
  const withDetail = (message: string, extra: Partial<UploadError> = {}): UploadError => ({
    message,
    ...(detail ? { detail } : {}),
    ...extra,
  });
  const details = body.details ?? {};

  if (status === 413 || body.code === "payload_too_large")
    return { message: `Die Datei ist größer als ${maxMb} MB.`, issues: { image: `Die Datei ist größer als ${maxMb} MB.` } };
  if (typeof details.current_text_version === "string") {
    return {
      message:
        "Der Text zur Bestätigung der Bildrechte wurde inzwischen geändert. Bitte laden Sie den aktuellen Text und bestätigen Sie ihn erneut.",
      stale: true,
    };
  }
  if (typeof details.reason === "string") {
    const reason = DECODE_TEXTS[details.reason] ?? body.issues?.[0]?.message ?? body.message ?? details.reason;
    return withDetail(`Das Bild wurde nicht angenommen: ${reason}`, { issues: { image: reason } });
  }
  switch (body.code ?? "") {
    case "validation_failed": {
      const issues: Partial<Record<UploadField, string>> = {};
      for (const i of body.issues ?? []) {
        const f = fieldOf(i.path);
        if (f) issues[f] = i.message === UNREADABLE_TEXT_MESSAGE ? UNREADABLE_FIELD_TEXT : FIELD_TEXTS[f];
      }
      return withDetail("Bitte prüfen Sie die markierten Angaben.", Object.keys(issues).length ? { issues } : {});
    }
    case "conflict":
      if (typeof details.max_images === "number")
        return withDetail(
          `Eine Pressemitteilung kann höchstens ${details.max_images} Bilder haben. Entfernen Sie ein Bild, um ein weiteres hochzuladen.`,
        );
      return withDetail(
        "Zu dieser Pressemitteilung lassen sich gerade keine Bilder hinzufügen: Sie ist im aktuellen Status nicht änderbar, oder die Höchstzahl an Bildern ist erreicht. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
      );
    case "forbidden":
      return withDetail("Dafür fehlt Ihnen die Berechtigung.");
    case "not_found":
      return withDetail("Diese Pressemitteilung gibt es nicht (mehr).");
    case "unauthenticated":
    case "page_expired":
      return { message: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an; Ihre Angaben bleiben in diesem Fenster erhalten." };
    case "forged_request":
      return withDetail("Die Anfrage kam nicht von dieser Seite. Bitte laden Sie die Seite neu und versuchen Sie es erneut.");
    case "rate_limited":
      return withDetail("Zu viele Uploads in kurzer Zeit. Bitte warten Sie einen Moment.");
    case "unsupported_media_type":
    case "bad_request":
      return withDetail("Die Datei ließ sich nicht übertragen. Bitte versuchen Sie es erneut.");
  }
  return withDetail(
    status >= 500
      ? "Beim Hochladen ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es erneut."
      : "Das Bild konnte nicht hochgeladen werden.",
  );
}
