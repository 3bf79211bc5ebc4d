import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { ACTIVITY_GROUPS, ACTIVITY_TYPES, type ActivityType } from "@/lib/domains/activity/types";
import { ACTIVITY_SEARCH_MAX, type ActivityQuery } from "@/lib/domains/reports/activity-query";
import { EARLIEST_DAY, latestDay } from "@/lib/domains/reports/report-range";

const BY_GROUP = ACTIVITY_GROUPS.map((group) => ({
  group,
  types: (Object.entries(ACTIVITY_TYPES) as [ActivityType, (typeof ACTIVITY_TYPES)[ActivityType]][]).filter(
    ([, info]) => info.group === group,
  ),
}));

/** Event type, time range and search (spec 4.3) as a GET form. */
export function ReportActivityFilter({ query }: { query: ActivityQuery }) {
  const filtered = query.type || query.fromDay || query.toDay || query.q;
  return (
    <form method="get" action="/admin/reports/activity" role="search" aria-label="Aktivität filtern" className="form-grid report-filter">
      <Field id="activity-type" label="Ereignis">
        <select id="activity-type" name="type" defaultValue={query.type ?? ""}>
          <option value="">Alle Ereignisse</option>
          {BY_GROUP.map(({ group, types }) => (
            <optgroup key={group} label={group}>
              {types.map(([type, info]) => (
                <option key={type} value={type}>
                  {info.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Field id="activity-from" label="Von">
        <input id="activity-from" name="from" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={query.fromDay ?? ""} />
      </Field>
      <Field id="activity-to" label="Bis (einschließlich)">
        <input id="activity-to" name="to" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={query.toDay ?? ""} />
      </Field>
      <Field
        id="activity-q"
        label="Suche"
        hint="Betreff-Nr., Grund, Weg oder E-Mail-Adresse bzw. Name der handelnden Person; Wortanfänge genügen."
        className="report-filter-search"
      >
        <input
          id="activity-q"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={ACTIVITY_SEARCH_MAX}
          aria-describedby="activity-q-hint"
        />
      </Field>
      <FormActions spacing="compact" className="report-filter-submit">
        <Button type="submit">Filtern</Button>
        {filtered ? <Link href="/admin/reports/activity">Filter zurücksetzen</Link> : null}
      </FormActions>
    </form>
  );
}
