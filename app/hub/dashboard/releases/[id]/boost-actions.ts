"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { requireUser } from "@/lib/domains/auth/session";
import { bookBoost } from "@/lib/domains/billing/boosts/book-boost";
import { formatBoostDate } from "@/lib/domains/billing/boosts/boost-dates";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { AppError, BoostSoldOutError, InsufficientCreditsError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";

const BoostChoice = z.object({
  placement: z.enum(["home", "category"], { error: "Bitte wählen Sie, wo der Boost erscheinen soll." }),
  tier: z.enum(["1", "2", "3"], { error: "Bitte wählen Sie eine Laufzeit." }).transform((t) => Number(t) as 1 | 2 | 3),
});

const PLACE: Record<"home" | "category", string> = { home: "auf der Startseite", category: "auf der Kategorieseite" };

const BOOST_MESSAGES = {
  not_found: "Diese Pressemitteilung gibt es nicht (mehr).",
  forbidden: "Boosts buchen die Inhaber und Verantwortlichen des Newsrooms.",
} as const;
// Buying the missing credits is the owner's (ability billing), booking with enough credits is not.
const CHECKOUT_MESSAGES = {
  ...BOOST_MESSAGES,
  forbidden: "Das Guthaben reicht nicht. Credits kauft die Inhaberin oder der Inhaber des Newsrooms.",
} as const;

function soldOut(err: BoostSoldOutError): ActionResult {
  const at = new Date(String(err.details?.earliestFreeDate ?? ""));
  const when = Number.isNaN(at.getTime()) ? "in Kürze" : `am ${formatBoostDate(at)}`;
  return { ok: false, code: err.code, message: `Alle Plätze sind belegt. Der nächste Platz wird ${when} frei.` };
}

// Books a boost for one of the user's releases (bound to its id). Too few credits lead to the
// checkout for exactly this boost; the payment books it. Both are the customer's own decisions:
// the domain refuses staff signed in as the customer.
export async function bookBoostAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(releaseId);
  if (id === null) return actionError(new AppError("not_found", "Press release not found."), BOOST_MESSAGES);
  const parsed = BoostChoice.safeParse({ placement: form.get("placement"), tier: form.get("tier") });
  if (!parsed.success) {
    const issues = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]));
    return { ok: false, code: "validation_failed", message: "Bitte wählen Sie Platzierung und Laufzeit.", issues };
  }
  const { placement, tier } = parsed.data;
  let booked: { endsAt: Date } | null = null;
  try {
    booked = await bookBoost({ userId: user.id, releaseId: id, placement, tier, acting: session });
  } catch (err) {
    if (err instanceof BoostSoldOutError) return soldOut(err);
    // A conflict from the booking is already worded for the customer (running boost, not public).
    if (err instanceof AppError && err.code === "conflict") return { ok: false, code: err.code, message: err.message };
    if (!(err instanceof InsufficientCreditsError)) return actionError(err, BOOST_MESSAGES);
  }
  if (booked) {
    refresh();
    return {
      ok: true,
      message: `Boost gebucht. Ihre Pressemitteilung steht bis ${formatBoostDate(booked.endsAt)} ${PLACE[placement]}, als „Anzeige“ gekennzeichnet.`,
    };
  }
  let checkoutUrl: string;
  try {
    ({ url: checkoutUrl } = await startCheckout({ purpose: "boost", userId: user.id, releaseId: id, placement, tier, acting: session }));
  } catch (err) {
    if (err instanceof BoostSoldOutError) return soldOut(err);
    return actionError(err, CHECKOUT_MESSAGES);
  }
  // Outside the try: redirect() works by throwing.
  redirect(checkoutUrl);
}
