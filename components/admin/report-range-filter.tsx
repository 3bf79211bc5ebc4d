import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { EARLIEST_DAY, latestDay } from "@/lib/domains/reports/report-range";

/** A report's time range as a plain GET form: the view is a link that can be shared and reloaded. */
export function ReportRangeFilter({
  action,
  label,
  fromDay,
  toDay,
  children,
}: {
  action: string;
  label: string;
  fromDay: string;
  toDay: string;
  children?: ReactNode;
}) {
  return (
    <form method="get" action={action} role="search" aria-label={label} className="form-grid report-filter">
      <Field id="report-from" label="Von">
        <input id="report-from" name="from" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={fromDay} />
      </Field>
      <Field id="report-to" label="Bis (einschließlich)">
        <input id="report-to" name="to" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={toDay} />
      </Field>
      {children}
      <FormActions spacing="flush" className="report-filter-submit">
        <Button type="submit">Anzeigen</Button>
      </FormActions>
    </form>
  );
}
