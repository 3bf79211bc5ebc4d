"use client";

import { AI_DECLARATIONS } from "@/lib/adapters/dashboard/release-rules";

/**
 * The text's self-declaration of AI use (spec 2.3): a required radio group. Native radios in a
 * fieldset (role radiogroup, so it may say required and invalid): arrow keys move the choice,
 * the legend names the group, hint and issue describe it; the summary's link lands on the first.
 */
export function AiDeclarationField({
  value,
  issue,
  onChange,
  onBlur,
}: {
  value: string;
  issue: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <fieldset
      className="choice-group"
      role="radiogroup"
      aria-labelledby="aiDeclaration-legend"
      aria-describedby={issue ? "aiDeclaration-hint aiDeclaration-issue" : "aiDeclaration-hint"}
      aria-invalid={issue ? true : undefined}
      aria-required="true"
    >
      <legend id="aiDeclaration-legend">KI-Nutzung im Text</legend>
      <p className="hint" id="aiDeclaration-hint">
        Bitte geben Sie an, wie der Text entstanden ist. Jede Änderung Ihrer Angabe wird gespeichert.
      </p>
      {AI_DECLARATIONS.map((d, index) => (
        <label key={d.value}>
          <input
            // The error summary links to the first choice (#aiDeclaration), as GOV.UK links a radio group.
            id={index === 0 ? "aiDeclaration" : undefined}
            type="radio"
            name="aiDeclaration"
            value={d.value}
            checked={value === d.value}
            onChange={() => onChange(d.value)}
            onBlur={onBlur}
            required
          />{" "}
          {d.label}
        </label>
      ))}
      {issue ? (
        <p className="issue" id="aiDeclaration-issue">
          {issue}
        </p>
      ) : null}
    </fieldset>
  );
}
