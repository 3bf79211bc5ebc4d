import { AppError } from "@/lib/core/errors/errors";

/**
 * What staff acting as a customer (support access, spec 6.1) may never do in the customer's name:
 * the customer's own decisions and statements. Keyed by this type, so a new kind without its
 * refusal does not compile. The domain function of each such action refuses itself
 * (assertNotImpersonating with the caller's `acting`), so every door that reaches it is covered;
 * a server action maps the error back to this wording with actionError (impersonationRefusalOf).
 * - billing: bookings, credit and boost purchases, paid changes, the payment method, cancellation
 *   and withdrawal, paying or abandoning a checkout (spec 4.3)
 * - billing_details: the billing address and how invoices are delivered
 * - security: password, passkeys, two-factor, e-mail address, API tokens, signing out other
 *   devices, and the identity proofs those need (spec 5.3)
 * - team: invitations, roles, removals, leaving, and the owner's decision on an address match
 * - image_rights, image_upload, image_statement: the rights confirmation, an upload (which
 *   carries it) and the credit line or AI declaration of an image (spec 5.11)
 * - legal_acceptance: accepting the legal documents, e.g. on submitting a release
 * - legal_request: a request about a published release (spec 4.4; editors file those in /admin)
 */
export type CustomerOnlyAction =
  | "billing"
  | "billing_details"
  | "security"
  | "team"
  | "image_rights"
  | "image_upload"
  | "image_statement"
  | "legal_acceptance"
  | "legal_request";

const REFUSED: Record<CustomerOnlyAction, string> = {
  billing:
    "Im Support-Zugang sind Buchungen, Käufe, Zahlungen und Kündigungen nicht möglich; das entscheidet die Kundin oder der Kunde selbst.",
  billing_details:
    "Im Support-Zugang lassen sich Rechnungsadresse und Rechnungsversand nicht ändern; diese Angaben macht die Kundin oder der Kunde selbst.",
  security:
    "Im Support-Zugang lassen sich Passwort, Passkeys, Zwei-Faktor-Anmeldung, E-Mail-Adresse, API-Tokens und Anmeldungen nicht ändern.",
  team: "Im Support-Zugang lässt sich das Team nicht ändern: Einladungen, Rollen, Entfernen und Adressvorschläge entscheidet die Inhaberin oder der Inhaber selbst.",
  image_rights: "Im Support-Zugang können Bildrechte nicht bestätigt werden; das muss die Kundin oder der Kunde selbst tun.",
  image_upload:
    "Im Support-Zugang lassen sich keine Bilder hochladen: Mit dem Hochladen bestätigt die Kundin oder der Kunde die Bildrechte. Bilder fügt die Redaktion im Verwaltungsbereich hinzu.",
  image_statement: "Im Support-Zugang lassen sich Bildnachweis und KI-Angabe nicht ändern; das erklärt die Kundin oder der Kunde selbst.",
  legal_acceptance: "Im Support-Zugang können die Bedingungen nicht im Namen der Kundin oder des Kunden akzeptiert werden.",
  legal_request:
    "Im Support-Zugang stellen Sie keinen Antrag im Namen der Kundin oder des Kunden; Anliegen legt die Redaktion im Verwaltungsbereich an.",
};

/** The form answer that refuses a customer-only action; it is an ActionResult of every form. */
export interface ImpersonationRefusal {
  ok: false;
  code: "forbidden";
  message: string;
}

/**
 * Who acts in a customer's session: `impersonatorUserId` is the staff member of a support access
 * (the session row's), null when the customer acts in person. A session state is one. Domain
 * functions that do something only the customer may take it as `acting` and refuse themselves;
 * a door without a session (API token, e-mail link, console, job) passes none: nobody
 * impersonates there.
 */
export interface Acting {
  impersonatorUserId: number | null;
}

/** A customer-only action refused because staff act in the customer's session: 403 with the German reason. */
export class CustomerOnlyActionError extends AppError {
  override name = "CustomerOnlyActionError";
  constructor(readonly action: CustomerOnlyAction) {
    super("forbidden", REFUSED[action], { reason: "impersonation", action });
  }
}

/**
 * The same rule for doors that answer with an error (route handlers, domain functions): throws
 * CustomerOnlyActionError when staff act in the session. No `acting` (undefined or null) is a
 * door without a session: nobody impersonates there.
 */
export function assertNotImpersonating(acting: Acting | null | undefined, action: CustomerOnlyAction): void {
  if (acting && acting.impersonatorUserId !== null) throw new CustomerOnlyActionError(action);
}

/** The form answer for a refusal a domain function threw (CustomerOnlyActionError); null for any other error. */
export function impersonationRefusalOf(err: unknown): ImpersonationRefusal | null {
  return err instanceof CustomerOnlyActionError ? { ok: false, code: "forbidden", message: err.message } : null;
}
