"use server";

import { redirect } from "next/navigation";
import type { PaidChangeInput, PaidChangeResult } from "@/components/dashboard/paid-change-form";
import { requireCustomerActing } from "@/lib/auth/session";
import { startCheckout } from "@/lib/billing/checkout/start-checkout";
import { RELEASE_LIMITS } from "@/lib/releases/rules";
import { actionError, type ActionResult } from "@/lib/forms/action-result";
import { AppError } from "@/lib/http/errors";
import { isRecordId } from "@/lib/input/ids";
import { payableChangeOrThrow } from "@/lib/releases/changes/payable-change";
import { requestPaidChange } from "@/lib/releases/changes/request-paid-change";
import { reviewReasonsOf } from "@/lib/dashboard/review-reasons";

/** Whatever the browser sends: a string, cut only past every limit so an overlong one is still refused. */
const text = (v: unknown) => (typeof v === "string" ? v.slice(0, RELEASE_LIMITS.bodyHtmlMax + 1) : "");

/** The domain's own German wording where it has one (refusal, limit, once-rule); the form's general mapping otherwise. */
function changeError(err: unknown): PaidChangeResult {
  if (err instanceof AppError && err.code === "validation_failed" && err.details) {
    const reasons = reviewReasonsOf(err.details["reasons"]).map((r) => r.message);
    return { ok: false, code: err.code, message: err.message, ...(reasons.length ? { reasons } : {}) };
  }
  if (err instanceof AppError && err.code === "change_not_allowed") return { ok: false, code: err.code, message: err.message };
  return actionError(err);
}

// Checks the changed text (spec 4.5) and, yellow or green, continues to the payment of the change.
export async function requestChange(releaseId: number, _prev: PaidChangeResult | null, input: PaidChangeInput): Promise<PaidChangeResult> {
  const acting = await requireCustomerActing("billing");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(releaseId)) return { ok: false, message: "Unbekannte Pressemitteilung." };
  let url: string;
  try {
    const { changeId } = await requestPaidChange({ userId: user.id, releaseId, title: text(input?.title), lead: text(input?.lead), body: text(input?.body) });
    ({ url } = await startCheckout({ purpose: "change", userId: user.id, changeId }));
  } catch (err) {
    return changeError(err);
  }
  redirect(url);
}

// Back to the payment of a change that was checked and is still waiting for it.
export async function payPendingChange(changeId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("billing");
  if (!acting.ok) return acting;
  const { user } = acting;
  if (!isRecordId(changeId)) return { ok: false, message: "Unbekannte Änderung." };
  let url: string;
  try {
    await payableChangeOrThrow({ userId: user.id, changeId });
    ({ url } = await startCheckout({ purpose: "change", userId: user.id, changeId }));
  } catch (err) {
    return changeError(err);
  }
  redirect(url);
}
