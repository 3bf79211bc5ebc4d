// Why a receipt did not verify, in words a journalist or a court clerk understands, German and
// English (the verify page shows the one of its edition).

export type VerifyFailureCode =
  | "empty"
  | "too_large"
  | "not_json"
  | "not_jws"
  | "malformed"
  | "bad_header"
  | "unknown_key"
  | "payload_altered"
  | "header_altered"
  | "signature_altered"
  | "bad_signature"
  | "not_issued"
  | "throttled";

/** The most a receipt may weigh; ours are a few kilobytes. */
export const MAX_RECEIPT_BYTES = 64 * 1024;

export const VERIFY_FAILURES: Record<VerifyFailureCode, { de: string; en: string }> = {
  empty: {
    de: "Es wurde kein Nachweis übermittelt. Fügen Sie den Inhalt der JSON-Datei ein oder wählen Sie die Datei aus.",
    en: "No receipt was sent. Paste the content of the JSON file or choose the file.",
  },
  too_large: {
    de: "Die Eingabe ist größer als 64 KiB. Ein Nachweis von uns ist nur wenige Kilobyte groß; prüfen Sie, ob Sie die richtige Datei gewählt haben.",
    en: "The input is larger than 64 KiB. A receipt of ours is only a few kilobytes; check that you chose the right file.",
  },
  not_json: {
    de: "Die Eingabe ist kein JSON. Ein Nachweis ist eine JSON-Datei, die mit { beginnt; eine PDF-Datei enthält sie als Anhang.",
    en: "The input is not JSON. A receipt is a JSON file starting with {; a PDF carries it as an attachment.",
  },
  not_jws: {
    de: "Die Eingabe ist JSON, aber kein signierter Nachweis: Es müssen genau die Felder „protected“, „payload“ und „signature“ vorhanden sein.",
    en: "The input is JSON but not a signed receipt: it must have exactly the members “protected”, “payload” and “signature”.",
  },
  malformed: {
    de: "Der Nachweis enthält Zeichen, die in einem unveränderten Nachweis nicht vorkommen. Er wurde nach der Ausstellung verändert.",
    en: "The receipt contains characters an unchanged receipt never contains. It was changed after it was issued.",
  },
  bad_header: {
    de: "Der Kopf des Nachweises ist nicht lesbar oder nennt kein Signaturverfahren von uns. Es handelt sich nicht um einen unveränderten Nachweis von uns.",
    en: "The receipt's header is unreadable or names no signing method of ours. This is not an unchanged receipt of ours.",
  },
  unknown_key: {
    de: "Der Nachweis nennt einen Schlüssel, mit dem wir nie signiert haben. Er stammt nicht von uns oder seine Schlüsselkennung wurde verändert.",
    en: "The receipt names a key we never signed with. It is not ours, or its key id was changed.",
  },
  payload_altered: {
    de: "Die Signatur passt nicht zum Inhalt: Die Angaben des Nachweises wurden nach der Ausstellung verändert.",
    en: "The signature does not match the content: the receipt's statements were changed after it was issued.",
  },
  header_altered: {
    de: "Die Signatur passt nicht zum Inhalt: Der Kopf des Nachweises wurde nach der Ausstellung verändert.",
    en: "The signature does not match the content: the receipt's header was changed after it was issued.",
  },
  signature_altered: {
    de: "Die Signatur wurde verändert: Sie ist nicht die, mit der wir diesen Nachweis ausgestellt haben.",
    en: "The signature was changed: it is not the one this receipt was issued with.",
  },
  not_issued: {
    de: "Diesen Nachweis haben wir nicht ausgestellt.",
    en: "We did not issue this receipt.",
  },
  throttled: {
    de: "Von dieser Verbindung kamen in der letzten Minute zu viele Prüfungen. Bitte versuchen Sie es in einer Minute erneut.",
    en: "Too many checks came from this connection in the last minute. Please try again in a minute.",
  },
  bad_signature: {
    de: "Die Signatur passt nicht zum Inhalt. Der Nachweis wurde nach der Ausstellung verändert oder stammt nicht von uns.",
    en: "The signature does not match the content. The receipt was changed after it was issued, or it is not ours.",
  },
};
