import type { ReactNode } from "react";
import { TechnicalDetails } from "@/components/ui/technical-details";

/** A log line or a service's answer, in English as written: closed under "Meldung", with its machine name where it has one. */
export function SystemDiagnostic({ text, name }: { text: string | null | undefined; name?: ReactNode }) {
  if (!text) return null;
  return (
    <TechnicalDetails summary="Meldung">
      {name ? <code>{name}</code> : null}
      <p className="system-detail" lang="en">
        {text}
      </p>
    </TechnicalDetails>
  );
}
