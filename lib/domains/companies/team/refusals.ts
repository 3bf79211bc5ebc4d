import { AppError, type ErrorCode } from "@/lib/core/errors/errors";

// Every refusal of the team functions, keyed by a reason the forms turn into German: the
// AppError's code gives the HTTP status, the reason the wording (team-form-error.ts).

const REFUSALS = {
  invalid_email: {
    code: "validation_failed",
    field: "email",
    en: "This is not a valid e-mail address.",
    de: "Bitte geben Sie eine gültige E-Mail-Adresse an.",
  },
  invalid_role: {
    code: "validation_failed",
    field: "role",
    en: "The role must be owner, responsible or member.",
    de: "Bitte wählen Sie eine Rolle.",
  },
  already_member: {
    code: "conflict",
    en: "This address already belongs to the newsroom.",
    de: "Diese Adresse gehört bereits zum Newsroom.",
  },
  last_owner: {
    code: "conflict",
    en: "A newsroom keeps at least one owner: name another owner first.",
    de: "Ein Newsroom braucht mindestens eine Inhaberin oder einen Inhaber. Ernennen Sie zuerst eine weitere Person zur Inhaberin oder zum Inhaber.",
  },
  newsroom_not_found: { code: "not_found", en: "Newsroom not found.", de: "Diesen Newsroom gibt es nicht, oder Sie gehören nicht zu ihm." },
  newsroom_closed: {
    code: "conflict",
    en: "This newsroom was removed or merged; its team cannot change.",
    de: "Dieser Newsroom wurde entfernt oder zusammengeführt; sein Team lässt sich nicht mehr ändern.",
  },
  not_manager: {
    code: "forbidden",
    en: "Only the newsroom's owners manage its team.",
    de: "Nur Inhaberinnen und Inhaber des Newsrooms verwalten das Team.",
  },
  member_not_found: {
    code: "not_found",
    en: "This person does not belong to the newsroom.",
    de: "Diese Person gehört nicht (mehr) zum Newsroom. Laden Sie die Seite neu.",
  },
  invitation_not_found: {
    code: "not_found",
    en: "There is no open invitation with this id.",
    de: "Diese Einladung ist nicht mehr offen. Laden Sie die Seite neu.",
  },
  match_not_found: {
    code: "not_found",
    en: "There is no open address match with this id.",
    de: "Dieser Vorschlag ist nicht mehr offen. Laden Sie die Seite neu.",
  },
  invitation_invalid: {
    code: "gone",
    en: "This invitation is invalid, has expired or was accepted already.",
    de: "Diese Einladung ist ungültig, abgelaufen oder wurde schon angenommen. Bitten Sie um eine neue Einladung.",
  },
  wrong_account: {
    code: "forbidden",
    en: "This invitation belongs to the address it was sent to; you are signed in with another one.",
    de: "Diese Einladung gilt nur für die Adresse, an die sie geschickt wurde. Sie sind mit einem anderen Konto angemeldet.",
  },
  account_needed: {
    code: "conflict",
    en: "The invited address has no account yet: register first.",
    de: "Für diese Adresse gibt es noch kein Konto. Legen Sie zuerst ein Konto an.",
  },
  too_many_invitations: {
    code: "rate_limited",
    en: "Many invitations were sent just now. Try again later.",
    de: "Sie haben gerade sehr viele Einladungen verschickt. Bitte versuchen Sie es später erneut.",
  },
} as const satisfies Record<string, { code: ErrorCode; field?: string; en: string; de: string }>;

export type TeamRefusal = keyof typeof REFUSALS;

export class TeamRefusedError extends AppError {
  override name = "TeamRefusedError";
  constructor(
    readonly reason: TeamRefusal,
    headers?: Record<string, string>,
  ) {
    const r: { code: ErrorCode; field?: string; en: string; de: string } = REFUSALS[reason];
    super(r.code, r.en, { reason }, r.field ? [{ path: r.field, message: r.de }] : undefined, headers);
  }

  /** The wording the dashboard shows. */
  get german(): string {
    return REFUSALS[this.reason].de;
  }
}
