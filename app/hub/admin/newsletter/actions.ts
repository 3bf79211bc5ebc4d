"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { requireAdmin } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { notFound } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { checkedPortals } from "@/lib/domains/newsletter/form-portals";
import { createCampaign } from "@/lib/domains/newsletter/create-campaign";
import { CampaignStateError, NewsletterSendingDisabledError, NoRecipientsError } from "@/lib/domains/newsletter/errors";
import { countRecipients } from "@/lib/domains/newsletter/recipient-query";
import { resumeCampaign } from "@/lib/domains/newsletter/resume-campaign";
import { BODY_HTML_MAX, recipientFilterSchema, SUBJECT_MAX, type RecipientFilter } from "@/lib/domains/newsletter/schemas";
import { startCampaign } from "@/lib/domains/newsletter/start-campaign";
import { updateCampaign } from "@/lib/domains/newsletter/update-campaign";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// Admin newsletter (spec 4.3: users:manage). Every action checks the session with the screen's
// permission (a server action is an endpoint anyone can call), and every campaign command checks
// it again from the stored user (lib/domains/newsletter/campaign-permission.ts).
const PERMISSION = ADMIN_SCREENS.newsletter.permission;

const DISABLED_MESSAGE = "Der Newsletter-Versand ist ausgeschaltet (NEWSLETTER_SENDING_ENABLED). Es wurde nichts versendet.";

function formInput(form: FormData) {
  return {
    // One character over the limit, so an overlong value meets the schema's message instead of being cut silently.
    subject: formText(form, "subject", SUBJECT_MAX + 1),
    bodyHtml: formText(form, "bodyHtml", BODY_HTML_MAX + 1),
    filter: {
      language: formText(form, "language", 10) || "all",
      portals: checkedPortals(form),
      audience: formText(form, "audience", 20) || "all",
    } as RecipientFilter,
  };
}

/** A campaign id that names nothing: the answer of a campaign that is gone. */
const unknownCampaign = (): ActionResult => sendingError(notFound("No such campaign."));

function sendingError(err: unknown): ActionResult {
  if (err instanceof NewsletterSendingDisabledError) return { ok: false, message: DISABLED_MESSAGE };
  if (err instanceof NoRecipientsError)
    return { ok: false, message: "Kein bestätigter Abonnent passt zu diesem Filter. Der Newsletter bleibt ein Entwurf." };
  if (err instanceof CampaignStateError)
    return {
      ok: false,
      code: err.code,
      message: "Das ist im aktuellen Status nicht möglich – vermutlich wurde der Versand gerade schon gestartet. Laden Sie die Seite neu.",
    };
  return actionError(err);
}

export async function createCampaignAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin(PERMISSION);
  let id: number;
  try {
    ({ id } = await createCampaign({ input: formInput(form), actorUserId: user.id }));
  } catch (err) {
    return actionError(err);
  }
  redirect(`/admin/newsletter/${id}`);
}

export async function updateCampaignAction(campaignId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin(PERMISSION);
  const id = parseRecordId(campaignId);
  if (id === null) return unknownCampaign();
  try {
    await updateCampaign({ campaignId: id, input: formInput(form), actorUserId: user.id });
  } catch (err) {
    return sendingError(err);
  }
  refresh();
  return { ok: true, message: "Entwurf gespeichert. Die Vorschau zeigt den gespeicherten Stand." };
}

/** The live count beside the filter form. */
export async function countRecipientsAction(filter: RecipientFilter): Promise<number> {
  await requireAdmin(PERMISSION);
  const parsed = recipientFilterSchema.safeParse(filter);
  return parsed.success ? countRecipients(parsed.data) : 0;
}

export async function startCampaignAction(campaignId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin(PERMISSION);
  if (formText(form, "confirm", 3) !== "yes") return { ok: false, message: "Bitte bestätigen Sie den Versand." };
  const id = parseRecordId(campaignId);
  if (id === null) return unknownCampaign();
  let recipients: number;
  try {
    ({ recipientCount: recipients } = await startCampaign({ campaignId: id, actorUserId: user.id }));
  } catch (err) {
    return sendingError(err);
  }
  // The page turns into the progress view, which has no start form to show a message in.
  redirect(`/admin/newsletter/${id}?gestartet=${recipients}`);
}

/** Sends what is left after a stop (transient provider trouble, an open circuit, a job that died 30 minutes ago). */
export async function resumeCampaignAction(campaignId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin(PERMISSION);
  const id = parseRecordId(campaignId);
  if (id === null) return unknownCampaign();
  try {
    const r = await resumeCampaign({ campaignId: id, actorUserId: user.id });
    refresh();
    if (r.returnedToDraft) return { ok: true, message: "Der Start war nicht abgeschlossen; der Newsletter ist wieder ein Entwurf." };
    return { ok: true, message: `Fortgesetzt: ${r.released} hängende Empfänger wieder freigegeben, ${r.jobs} Versandjobs gestartet.` };
  } catch (err) {
    return sendingError(err);
  }
}
