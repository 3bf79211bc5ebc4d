"use client";

import { useActionState, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

export interface BoostFormPlacement {
  placement: "home" | "category";
  label: string;
  /** One line on the slots: free, sold out until …, already running until …, or why not at all. */
  status: string;
  /** Whether it can be booked right now. */
  isBookable: boolean;
  tiers: { tier: 1 | 2 | 3; days: number; credits: number }[];
}

/** Placement and duration as radio cards, the price against the balance, one submit. */
export function BoostForm({
  action,
  placements,
  balance,
  canBuyCredits,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  placements: BoostFormPlacement[];
  balance: number;
  /** The owner may buy missing credits on the way; others need enough credits already. */
  canBuyCredits: boolean;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  const [placement, setPlacement] = useState(placements.find((p) => p.isBookable)?.placement ?? placements[0]!.placement);
  const [tier, setTier] = useState<1 | 2 | 3>(1);
  const chosen = placements.find((p) => p.placement === placement) ?? placements[0]!;
  const price = chosen.tiers.find((t) => t.tier === tier)?.credits ?? 0;
  const isShort = balance < price;
  const issue = (field: string) => result?.issues?.[field];

  return (
    <form action={formAction} className="form" aria-label="Boost buchen">
      <FormMessage result={result} />
      <fieldset className="fieldset" aria-describedby={issue("placement") ? "boost-placement-issue" : undefined}>
        <legend>Platzierung</legend>
        <div className="choice-cards">
          {placements.map((p) => (
            <label key={p.placement} className="choice-card">
              <input
                type="radio"
                name="placement"
                value={p.placement}
                checked={placement === p.placement}
                disabled={!p.isBookable}
                onChange={() => setPlacement(p.placement)}
              />
              <span>
                {p.label}
                <small>{p.status}</small>
              </span>
            </label>
          ))}
        </div>
        {issue("placement") ? (
          <p className="issue" id="boost-placement-issue">
            {issue("placement")}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="fieldset" aria-describedby={issue("tier") ? "boost-tier-issue" : undefined}>
        <legend>Laufzeit</legend>
        <div className="choice-cards">
          {chosen.tiers.map((t) => (
            <label key={t.tier} className="choice-card">
              <input type="radio" name="tier" value={String(t.tier)} checked={tier === t.tier} onChange={() => setTier(t.tier)} />
              <span>
                {t.days} Tage
                <small>{t.credits} Credits</small>
              </span>
            </label>
          ))}
        </div>
        {issue("tier") ? (
          <p className="issue" id="boost-tier-issue">
            {issue("tier")}
          </p>
        ) : null}
      </fieldset>
      <p aria-live="polite">
        Preis: <strong>{price} Credits</strong> · Guthaben: {balance} Credits
        {isShort ? (
          <small className="meta">
            {" "}
            · Es fehlen {price - balance} Credits;{" "}
            {canBuyCredits
              ? "Sie kaufen sie im nächsten Schritt per Karte, danach ist der Boost gebucht."
              : "Credits kauft die Inhaberin oder der Inhaber des Newsrooms."}
          </small>
        ) : null}
      </p>
      <FormActions>
        <Button type="submit" disabled={pending || !chosen.isBookable || (isShort && !canBuyCredits)}>
          {pending ? "Wird gebucht …" : isShort ? "Credits kaufen und buchen" : `Für ${price} Credits buchen`}
        </Button>
      </FormActions>
    </form>
  );
}
