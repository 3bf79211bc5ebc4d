import Link from "next/link";
import { Table } from "@/components/ui/table";
import type { SimilarCompanyPair, SimilarSide } from "@/lib/adapters/admin/similar-companies";
import { CLASSIFICATION_LABEL } from "./email-classification-labels";
import { CompanyStateBadges } from "./company-tables";

const KIND: Record<SimilarCompanyPair["kind"], string> = { local: "vor dem @", domain: "in der Domain" };

function Side({ side }: { side: SimilarSide }) {
  return (
    <>
      <span className="admin-line">
        {side.email} <span className="meta">({CLASSIFICATION_LABEL[side.classification]})</span>
      </span>
      {side.companies.length ? null : <span className="admin-line meta">Seit der Berechnung kein Newsroom mehr mit dieser Adresse</span>}
      {side.companies.map((c) => (
        <span key={c.id} className="admin-line">
          <Link href={`/admin/companies/${c.id}`}>{c.name}</Link> <span className="meta">Nr. {c.id}</span>{" "}
          <CompanyStateBadges company={c} />
        </span>
      ))}
    </>
  );
}

/**
 * Pairs of nearly equal company addresses, closest first; each links to the merge preview of
 * its first two newsrooms (the number filled in, nothing run until the editor asks).
 */
export function SimilarAddressesTable({ pairs }: { pairs: SimilarCompanyPair[] }) {
  return (
    <Table caption="Newsrooms mit ähnlichen Firmen-E-Mail-Adressen" compact>
      <thead>
        <tr>
          <th scope="col">Adresse und Newsrooms</th>
          <th scope="col">Ähnliche Adresse und Newsrooms</th>
          <th scope="col">Unterschied</th>
          <th scope="col">
            <span className="visually-hidden">Vorschau</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => {
          const [first, second] = [p.a.companies[0], p.b.companies[0]];
          return (
            <tr key={`${p.a.email} ${p.b.email}`}>
              <td>
                <Side side={p.a} />
              </td>
              <td>
                <Side side={p.b} />
              </td>
              <td>
                {KIND[p.kind]}, {p.distance === 1 ? "1 Zeichen" : `${p.distance} Zeichen`}
              </td>
              <td>
                {first && second ? (
                  <Link href={`/admin/companies/${first.id}?zusammenfuehren=${second.id}#merge-heading`}>
                    Zusammenführung prüfen
                    <span className="visually-hidden">
                      {" "}
                      ({first.name} und {second.name})
                    </span>
                  </Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
