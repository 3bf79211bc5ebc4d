"use server";

import { randomUUID } from "node:crypto";
import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import {
  endpointIssuesInGerman,
  readEndpointForm,
  type EndpointFormState,
  type EndpointFormValues,
  type RotateSecretState,
} from "@/lib/adapters/dashboard/webhooks";
import { notFound } from "@/lib/core/errors/errors";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { parseRecordId } from "@/lib/core/input/ids";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { requireUser } from "@/lib/domains/auth/session";
import type { ActiveSession } from "@/lib/domains/auth/sessions/resolve-session";
import { resendDelivery, sendTestEvent } from "@/lib/domains/webhooks/delivery-log";
import { setWebhookEndpointEnabled } from "@/lib/domains/webhooks/enable";
import { checkEndpointInput } from "@/lib/domains/webhooks/endpoint-input";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  endpointOf,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domains/webhooks/endpoints";
import { proofKindOf, requireFreshProof, type ProofCheck } from "../security/proof";

// The webhook screens' actions (docs/webhooks.md). Bound ids come back from the browser as it
// likes, so they are read like any input; lib/domains/webhooks decides who may do what (the
// newsroom's owners). A new signing secret, or a new address that will receive every message,
// needs a fresh identity proof first, as an API token does (spec 5.3): a stolen session alone
// must not set up a receiver of the newsroom's events. The proof also refuses staff acting as
// the customer (support access).

const ENDPOINT_MESSAGES = {
  not_found: "Diesen Webhook-Endpunkt gibt es nicht (mehr).",
  forbidden: "Webhooks verwalten nur die Inhaberinnen und Inhaber des Newsrooms.",
  conflict: "Das ist im aktuellen Zustand des Endpunkts nicht möglich. Laden Sie die Seite neu.",
} as const;

const CREATE_MESSAGES = {
  ...ENDPOINT_MESSAGES,
  not_found: "Diesen Newsroom gibt es nicht, oder Sie gehören nicht zu seinem Team.",
  conflict: "Ein Newsroom hat höchstens 20 Webhook-Endpunkte. Löschen Sie einen, den Sie nicht mehr brauchen.",
} as const;

const SWITCHED_OFF = { conflict: "Der Endpunkt ist ausgeschaltet. Schalten Sie ihn zuerst ein." } as const;

/** An error as the endpoint form shows it: German field issues, the values kept. */
function formError(err: unknown, values: EndpointFormValues, messages: Parameters<typeof actionError>[1]): EndpointFormState {
  const result = actionError(err, messages);
  return { ...result, issues: endpointIssuesInGerman(result.issues), values };
}

/** The fresh proof a new secret or a new address needs; a proof given in the last ten minutes counts. */
const secretProof = (s: ActiveSession, form: FormData): Promise<ProofCheck> =>
  requireFreshProof(s, "api_token", form, { reuseFresh: true });

// Create an endpoint for one of the user's newsrooms; its signing secret is in the answer, once.
export async function createEndpointAction(_prev: EndpointFormState | null, form: FormData): Promise<EndpointFormState> {
  const s = await requireUser();
  const values = readEndpointForm(form);
  const companyId = parseRecordId(formText(form, "newsroom", 12));
  if (companyId === null) return formError(notFound("Newsroom not found."), values, CREATE_MESSAGES);
  try {
    // The fields first: the proof may spend an e-mail code.
    checkEndpointInput(values, true);
    const proof = await secretProof(s, form);
    if (!proof.ok) return { ...proof.result, values };
    const created = await createWebhookEndpoint({ userId: s.user.id, companyId, ...values });
    refresh();
    return {
      ok: true,
      message: "Endpunkt angelegt. Kopieren Sie das Secret jetzt – es wird nur dieses eine Mal angezeigt.",
      secret: created.secret,
      endpointId: created.endpoint.id,
    };
  } catch (err) {
    return { ...formError(err, values, CREATE_MESSAGES), proofKind: proofKindOf(form) };
  }
}

// Change address, description or event types. A changed address needs the proof.
export async function updateEndpointAction(
  endpointId: number,
  _prev: EndpointFormState | null,
  form: FormData,
): Promise<EndpointFormState> {
  return { ...(await updateEndpoint(endpointId, form)), answerId: randomUUID() };
}

async function updateEndpoint(endpointId: number, form: FormData): Promise<EndpointFormState> {
  const s = await requireUser();
  const values = readEndpointForm(form);
  const id = parseRecordId(endpointId);
  if (id === null) return formError(notFound("Webhook endpoint not found."), values, ENDPOINT_MESSAGES);
  try {
    const current = await endpointOf(s.user.id, id);
    const checked = checkEndpointInput({ url: values.url, description: values.description, eventTypes: values.eventTypes }, false);
    if (checked.url !== current.url) {
      const proof = await secretProof(s, form);
      if (!proof.ok) return { ...proof.result, values };
    }
    await updateWebhookEndpoint({
      userId: s.user.id,
      endpointId: id,
      url: values.url,
      description: values.description,
      eventTypes: values.eventTypes,
    });
    refresh();
    return { ok: true, message: "Änderungen gespeichert.", values };
  } catch (err) {
    return { ...formError(err, values, ENDPOINT_MESSAGES), proofKind: proofKindOf(form) };
  }
}

// A new signing secret; the old one keeps signing for 24 hours beside it.
export async function rotateSecretAction(endpointId: number, _prev: RotateSecretState | null, form: FormData): Promise<RotateSecretState> {
  const s = await requireUser();
  const id = parseRecordId(endpointId);
  if (id === null) return actionError(notFound("Webhook endpoint not found."), ENDPOINT_MESSAGES);
  try {
    // Who may rotate is checked before a proof is spent on it.
    await endpointOf(s.user.id, id);
    const proof = await secretProof(s, form);
    if (!proof.ok) return proof.result;
    const { endpoint, secret } = await rotateWebhookSecret({ userId: s.user.id, endpointId: id });
    refresh();
    const until = formatBerlin(endpoint.previousSecretExpiresAt);
    return {
      ok: true,
      message: `Neues Secret erstellt. Das bisherige signiert noch bis ${until} Uhr mit; stellen Sie Ihren Empfänger bis dahin um.`,
      secret,
      previousValidUntil: until,
    };
  } catch (err) {
    return { ...actionError(err, ENDPOINT_MESSAGES), proofKind: proofKindOf(form) };
  }
}

const SWITCH_MODES = ["off", "on", "replay"] as const;

// Switch off, switch on, or switch on and send again what was missed meanwhile.
// The pressed button says which (`mode`).
export async function setEnabledAction(endpointId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(endpointId);
  const mode = formText(form, "mode", 10);
  const chosen = SWITCH_MODES.find((m) => m === mode);
  if (id === null || !chosen) return actionError(notFound("Webhook endpoint not found."), ENDPOINT_MESSAGES);
  try {
    const { replayed } = await setWebhookEndpointEnabled({
      userId: user.id,
      endpointId: id,
      enabled: chosen !== "off",
      replay: chosen === "replay",
    });
    refresh();
    if (chosen === "off") return { ok: true, message: "Ausgeschaltet. Neue Ereignisse werden diesem Endpunkt nicht mehr zugestellt." };
    if (chosen === "replay")
      return {
        ok: true,
        message: replayed
          ? `Eingeschaltet. ${replayed === 1 ? "Eine verpasste Nachricht wird" : `${replayed} verpasste Nachrichten werden`} jetzt nachgesendet.`
          : "Eingeschaltet. Es gab nichts nachzusenden.",
      };
    return { ok: true, message: "Eingeschaltet. Neue Ereignisse werden wieder zugestellt." };
  } catch (err) {
    return actionError(err, ENDPOINT_MESSAGES);
  }
}

// Delete an endpoint: nothing more is sent to it.
export async function deleteEndpointAction(endpointId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(endpointId);
  if (id === null) return actionError(notFound("Webhook endpoint not found."), ENDPOINT_MESSAGES);
  try {
    await deleteWebhookEndpoint({ userId: user.id, endpointId: id });
  } catch (err) {
    return actionError(err, ENDPOINT_MESSAGES);
  }
  redirect("/dashboard/webhooks?geloescht=1");
}

// A webhook.test message to this endpoint only, delivered like every other message.
export async function sendTestEventAction(endpointId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(endpointId);
  if (id === null) return actionError(notFound("Webhook endpoint not found."), ENDPOINT_MESSAGES);
  try {
    const { messageId } = await sendTestEvent({ userId: user.id, endpointId: id });
    refresh();
    return {
      ok: true,
      message: `Testereignis erstellt (webhook-id ${messageId}). Es wird sofort zugestellt; das Ergebnis steht gleich im Zustellprotokoll.`,
    };
  } catch (err) {
    return actionError(err, { ...ENDPOINT_MESSAGES, ...SWITCHED_OFF });
  }
}

// Send one logged message again, now, with its webhook-id; the answer is shown and logged.
export async function resendDeliveryAction(
  endpointId: number,
  deliveryId: number,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user } = await requireUser();
  const id = parseRecordId(endpointId);
  const delivery = parseRecordId(deliveryId);
  if (id === null || delivery === null) return actionError(notFound("Delivery not found."), ENDPOINT_MESSAGES);
  try {
    const sent = await resendDelivery({ userId: user.id, endpointId: id, deliveryId: delivery });
    refresh();
    const latency = `${Math.round(sent.latencyMs)} ms`;
    if (sent.succeeded) return { ok: true, message: `Erneut gesendet: Antwort ${sent.status} nach ${latency}.` };
    return {
      ok: false,
      message:
        sent.status === null
          ? `Erneut gesendet, aber keine Antwort erhalten (nach ${latency}). Was schiefging, steht im Protokoll.`
          : `Erneut gesendet: Antwort ${sent.status} nach ${latency}. Als empfangen zählt nur eine Antwort mit 2xx.`,
    };
  } catch (err) {
    return actionError(err, { ...ENDPOINT_MESSAGES, not_found: "Diese Zustellung gibt es nicht (mehr).", ...SWITCHED_OFF });
  }
}
