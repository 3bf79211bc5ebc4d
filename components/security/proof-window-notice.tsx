import { Notice } from "@/components/ui/notice";
import { FRESH_PROOF_MAX_AGE_MS, isProofFresh, type ProofKind } from "@/lib/domains/accounts/identity-proof";

const PROVED_WITH: Record<ProofKind, string> = {
  password: "mit Ihrem Passwort",
  app_code: "mit einem Code aus der Authenticator-App",
  recovery_code: "mit einem Wiederherstellungscode",
  email_code: "mit einem Code per E-Mail",
  passkey: "mit einem Passkey",
};

const clock = new Intl.DateTimeFormat("de-DE", { timeStyle: "short", timeZone: "Europe/Berlin" });
const MINUTES = FRESH_PROOF_MAX_AGE_MS / 60_000;

/**
 * The page's word on the identity proof: it is asked once and then counts for this session for
 * ten minutes (the server checks it on every change, see requireFreshProof), wherever a change
 * accepts its kind. Says until when, so nobody wonders why a form asks nothing.
 */
export function ProofWindowNotice({ provedAt, kind, now = new Date() }: { provedAt: Date | null; kind: string | null; now?: Date }) {
  if (provedAt && isProofFresh(provedAt, now)) {
    const until = new Date(provedAt.getTime() + FRESH_PROOF_MAX_AGE_MS);
    const how = kind && Object.hasOwn(PROVED_WITH, kind) ? ` ${PROVED_WITH[kind as ProofKind]}` : "";
    return (
      <Notice tone="success" role="status">
        Sie haben Ihre Identität um {clock.format(provedAt)} Uhr{how} bestätigt. Bis {clock.format(until)} Uhr fragen die Änderungen auf
        dieser Seite nicht erneut danach, sofern sie diese Art der Bestätigung zulassen.
      </Notice>
    );
  }
  return (
    <p className="hint">
      Änderungen auf dieser Seite fragen einmal nach einer Bestätigung Ihrer Identität; danach gilt sie {MINUTES} Minuten lang für diese
      Sitzung. Nur das Ausschalten der Zwei-Faktor-Anmeldung und neue Wiederherstellungscodes verlangen jedes Mal einen aktuellen Code.
    </p>
  );
}
