"use client";

import { useEffect, useRef, useState } from "react";
import { EVENT_GROUPS } from "@/lib/adapters/dashboard/webhooks-view";
import { EVENT_TYPE_TEXT } from "@/lib/domains/webhooks/event-types";
import styles from "./webhook.module.css";

const ALL = EVENT_GROUPS.flatMap((g) => g.types);

/** A checkbox that says "some, not all" with its indeterminate state. */
function SelectAll({
  label,
  name,
  types,
  selected,
  onChange,
}: {
  label: string;
  /** The accessible name where the visible label needs its group: it starts with the label. */
  name?: string;
  types: readonly string[];
  selected: Set<string>;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = types.filter((t) => selected.has(t)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < types.length;
  }, [count, types.length]);
  return (
    <label className={styles.selectAll}>
      <input ref={ref} type="checkbox" aria-label={name} checked={count === types.length} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The event types an endpoint receives, grouped (releases, images, quota, invoices), each group
 * and the whole list with "alle auswählen". The chosen ones go to the server as `event_types[]` (one field per type).
 */
export function WebhookEventTypes({
  id,
  defaultSelected,
  issue,
}: {
  id: string;
  defaultSelected: readonly string[];
  issue?: string | undefined;
}) {
  const [selected, setSelected] = useState(() => new Set(defaultSelected));
  const set = (types: readonly string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const t of types) {
        if (on) next.add(t);
        else next.delete(t);
      }
      return next;
    });
  const hintId = `${id}-hint`;
  const issueId = `${id}-issue`;
  return (
    <fieldset className="fieldset" aria-describedby={issue ? `${hintId} ${issueId}` : hintId}>
      <legend>Ereignisse</legend>
      <p className="hint" id={hintId}>
        Ihr Endpunkt erhält nur die Ereignisse, die Sie hier auswählen ({selected.size} von {ALL.length} ausgewählt).
      </p>
      <SelectAll label="Alle Ereignisse auswählen" types={ALL} selected={selected} onChange={(on) => set(ALL, on)} />
      <div className={styles.groups}>
        {EVENT_GROUPS.map((group) => (
          <fieldset key={group.key} className={styles.group}>
            <legend>{group.label}</legend>
            {group.types.length > 1 ? (
              <SelectAll
                label="Alle auswählen"
                name={`Alle auswählen: ${group.label}`}
                types={group.types}
                selected={selected}
                onChange={(on) => set(group.types, on)}
              />
            ) : null}
            {group.types.map((type) => (
              <label key={type} className={styles.choice}>
                <input
                  type="checkbox"
                  name="event_types[]"
                  value={type}
                  checked={selected.has(type)}
                  onChange={(e) => set([type], e.target.checked)}
                />
                <span>
                  {EVENT_TYPE_TEXT[type].de} <code>{type}</code>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {issue ? (
        <p className="issue" id={issueId} role="alert">
          {issue}
        </p>
      ) : null}
    </fieldset>
  );
}
