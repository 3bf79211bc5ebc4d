import type { LegalDocument } from "@/lib/domains/legal-terms/documents";

/** The one checkbox a new account ticks: it accepts every current legal document (spec 2.5), each linked with its version. */
export function AcceptTermsField({ documents, issue }: { documents: readonly LegalDocument[]; issue?: string }) {
  return (
    <div className="field">
      <label>
        <input type="checkbox" name="acceptTerms" required /> Ich akzeptiere{" "}
        {documents.map((d, i) => (
          <span key={d.document}>
            {i > 0 ? " und " : ""}
            <a href={d.path}>{d.title}</a> (Fassung {d.version})
          </span>
        ))}
        .
      </label>
      {issue ? <p className="issue">{issue}</p> : null}
    </div>
  );
}
