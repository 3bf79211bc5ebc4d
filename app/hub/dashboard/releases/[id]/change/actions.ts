"use server";

import { redirect } from "next/navigation";
import type { PaidChangeInput, PaidChangeResult } from "@/components/dashboard/paid-change-form";
import { requireUser } from "@/lib/domains/auth/session";
import { RELEASE_LIMITS } from "@/lib/domains/releases/rules";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { checkoutPaidChange, checkoutPendingChange } from "@/lib/adapters/dashboard/paid-change-checkout";
import { reviewReasonsOf } from "@/lib/adapters/dashboard/review-reasons";

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

// Checks the changed text (spec 4.5) and, yellow or green, continues to the payment of the
// change. Paying is the customer's own decision: the domain refuses staff signed in as them.
export async function requestChange(releaseId: number, _prev: PaidChangeResult | null, input: PaidChangeInput): Promise<PaidChangeResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(releaseId);
  if (id === null) return { ok: false, message: "Unbekannte Pressemitteilung." };
  let url: string;
  try {
    ({ url } = await checkoutPaidChange({
      userId: user.id,
      releaseId: id,
      title: text(input?.title),
      lead: text(input?.lead),
      body: text(input?.body),
      acting: session,
    }));
  } catch (err) {
    return changeError(err);
  }
  redirect(url);
}

// Back to the payment of a change that was checked and is still waiting for it.
export async function payPendingChange(changeId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(changeId);
  if (id === null) return { ok: false, message: "Unbekannte Änderung." };
  let url: string;
  try {
    ({ url } = await checkoutPendingChange({ userId: user.id, changeId: id, acting: session }));
  } catch (err) {
    return changeError(err);
  }
  redirect(url);
}
