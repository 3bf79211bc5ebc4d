import { ActionButton } from "@/components/ui/action-button";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";

interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  validUntil: Date | null;
  expired: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/** The user's API tokens with "valid until" (spec 5.2) and a revoke button each. */
export function TokenList({
  tokens,
  revoke,
}: {
  tokens: TokenRow[];
  revoke: (tokenId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  if (!tokens.length) return <p className="empty">Sie haben noch keine API-Tokens.</p>;
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Beginnt mit</th>
          <th scope="col">Gültig bis</th>
          <th scope="col">Zuletzt benutzt</th>
          <th scope="col">Erstellt</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => (
          <tr key={t.id}>
            <td>{t.name}</td>
            <td>
              <code>{t.prefix}…</code>
            </td>
            <td>
              {t.validUntil ? (
                <>
                  {formatBerlin(t.validUntil)}
                  {t.expired ? <strong> (abgelaufen)</strong> : null}
                </>
              ) : (
                "unbegrenzt"
              )}
            </td>
            <td className="meta">{t.lastUsedAt ? formatBerlin(t.lastUsedAt) : "noch nie"}</td>
            <td className="meta">{formatBerlin(t.createdAt)}</td>
            <td>
              <ActionButton
                action={revoke.bind(null, t.id)}
                label="Widerrufen"
                variant="danger-quiet"
                size="sm"
                confirmText={{
                  title: `Token „${t.name}“ widerrufen?`,
                  consequence: "Programme, die ihn benutzen, verlieren sofort den Zugang. Das lässt sich nicht rückgängig machen.",
                  confirmLabel: "Widerrufen",
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
