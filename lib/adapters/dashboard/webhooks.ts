import { db } from "@/lib/core/db/client";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { companyAbilities } from "@/lib/domains/accounts/abilities";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { listDeliveryLog, type DeliveryLogFilter } from "@/lib/domains/webhooks/delivery-log";
import { ENDPOINT_LIMITS } from "@/lib/domains/webhooks/endpoint-input";
import { listWebhookEndpoints, type WebhookEndpointView } from "@/lib/domains/webhooks/endpoints";

// What the dashboard's webhook screens show and send (docs/webhooks.md): the endpoints of the
// user's newsrooms, one endpoint with its delivery log, the form's fields read from FormData and
// the domain's field issues in German. Who may do what is decided in lib/domains/webhooks.

export interface WebhookNewsroom {
  id: number;
  name: string;
  /** Holds manageWebhooks there (owners): sees and manages the endpoints. */
  canManage: boolean;
  endpoints: WebhookEndpointView[];
}

/** Every newsroom of the user, with its endpoints where the user manages them. */
export async function webhookOverview(userId: number): Promise<WebhookNewsroom[]> {
  const newsrooms = await newsroomsOfUser(userId);
  const rows: WebhookNewsroom[] = [];
  for (const n of newsrooms) {
    const canManage = (await companyAbilities(userId, n.id)).has("manageWebhooks");
    rows.push({ id: n.id, name: n.name, canManage, endpoints: canManage ? await listWebhookEndpoints(userId, n.id) : [] });
  }
  return rows;
}

/** One endpoint with a page of its delivery log and its newsroom's name; throws the domain's not_found / forbidden. */
export async function webhookEndpointPage(userId: number, endpointId: number, filter: DeliveryLogFilter) {
  const log = await listDeliveryLog(userId, endpointId, filter);
  const company = await db.company.findUnique({ where: { id: log.endpoint.companyId }, select: { name: true } });
  return { ...log, newsroomName: company?.name ?? "" };
}

export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

/** The create and edit form's fields; a request without a form reads as empty fields. */
export function readEndpointForm(form: unknown): EndpointFormValues {
  const types =
    form instanceof FormData
      ? form
          .getAll("event_types[]")
          .filter((v): v is string => typeof v === "string")
          .slice(0, 64)
          .map((v) => v.slice(0, 64))
      : [];
  return {
    url: formText(form, "url", 2_100),
    description: formText(form, "description", ENDPOINT_LIMITS.descriptionMax + 100),
    eventTypes: types,
    enabled: formHas(form, "enabled", "yes"),
  };
}

/** The domain's URL refusals (lib/core/http/outbound-address.ts) in the form's words. */
const URL_ISSUES: [RegExp, string][] = [
  [/must start with https/i, "Die Adresse muss mit https:// beginnen."],
  [/user name or password/i, "Die Adresse darf keinen Benutzernamen und kein Passwort enthalten."],
  [/localhost|private or reserved/i, "Die Adresse zeigt auf ein internes Netz. Webhooks gehen nur an öffentlich erreichbare Server."],
  [/at most/i, "Die Adresse darf höchstens 2.000 Zeichen lang sein."],
];

/** The domain's issues (paths url, description, event_types; English) as German field messages. */
export function endpointIssuesInGerman(issues: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!issues) return undefined;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    if (path === "url")
      out.url =
        URL_ISSUES.find(([pattern]) => pattern.test(message))?.[1] ??
        "Bitte geben Sie eine vollständige Adresse an, z. B. https://example.com/webhooks.";
    else if (path === "description")
      out.description = `Die Beschreibung darf höchstens ${ENDPOINT_LIMITS.descriptionMax} Zeichen lang sein.`;
    else if (path === "event_types") out.event_types = "Wählen Sie mindestens ein Ereignis aus.";
    else out[path] = message;
  }
  return out;
}

/** The answer of the create and edit form; a new secret is in it once, right after creating. */
export interface EndpointFormState extends ActionResult {
  proofKind?: ProofKind;
  values?: EndpointFormValues;
  /** Shown once; never stored readable. */
  secret?: string;
  endpointId?: number;
  /** New with every answer of the edit form: the form starts clean after each (its key). */
  answerId?: string;
}

/** The answer of "Secret erneuern": the new secret once, and until when the old one still signs. */
export interface RotateSecretState extends ActionResult {
  proofKind?: ProofKind;
  secret?: string;
  /** German date and time (Europe/Berlin) until which the previous secret keeps signing. */
  previousValidUntil?: string;
}
