// German words of /admin/payments for the states the tables show.

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  open: "offen",
  paid: "bezahlt",
  void: "storniert",
  uncollectible: "uneinbringlich",
  draft: "Entwurf",
};
export const AGREEMENT_STATUS_LABELS: Record<string, string> = {
  active: "aktiv",
  past_due: "Zahlung offen",
  cancelled: "beendet",
  on_hold: "pausiert",
};
export const PROVIDER_LABELS: Record<string, string> = { manual: "Überweisung", stripe: "Karte" };

/** The heading of the invoice list under each status filter. */
export const INVOICE_LIST_HEADINGS = {
  open: "Offene Rechnungen",
  paid: "Bezahlte Rechnungen",
  void: "Stornierte Rechnungen",
  all: "Alle manuellen Rechnungen",
} as const;
