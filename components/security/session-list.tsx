import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import { germanDeviceLabel } from "@/lib/domains/accounts/devices/device-label";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { SessionSignOutButton } from "./session-sign-out-button";

export interface SessionRow {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  loginMethod: string;
  userAgentShort: string | null;
  impersonatorUserId: number | null;
}

const LOGIN_METHODS: Record<string, string> = {
  password: "Passwort",
  login_link: "Anmeldelink",
  third_party: "Drittanbieter-Konto",
  passkey: "Passkey",
  impersonation: "Support-Zugang",
};

type SignOutOne = (sessionId: number, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The person's active sessions, this one marked; each other one can be ended on its own. Not
 * while staff act as the customer (the domain refuses it too), and not a support-access row: it
 * ends with its time limit or the staff member's banner, which record its end.
 */
export function SessionList({
  sessions,
  currentId,
  canSignOut,
  signOutOne,
}: {
  sessions: SessionRow[];
  currentId: number;
  canSignOut: boolean;
  signOutOne: SignOutOne;
}) {
  return (
    <Table aria-label="Angemeldete Geräte">
      <thead>
        <tr>
          <th scope="col">Gerät</th>
          <th scope="col">Angemeldet über</th>
          <th scope="col">Angemeldet seit</th>
          <th scope="col">Zuletzt aktiv</th>
          <th scope="col">
            <span className="visually-hidden">Aktionen</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => {
          const isCurrent = s.id === currentId;
          const device = germanDeviceLabel(s.userAgentShort);
          return (
            <tr key={s.id} aria-current={isCurrent ? "true" : undefined}>
              <td>{device}</td>
              <td>{LOGIN_METHODS[s.loginMethod] ?? "Unbekannt"}</td>
              <td className="meta">{formatBerlin(s.createdAt)}</td>
              <td className="meta">{formatBerlin(s.lastSeenAt)}</td>
              <td>
                {isCurrent ? (
                  <Badge tone="info">Diese Sitzung</Badge>
                ) : canSignOut && s.impersonatorUserId === null ? (
                  <SessionSignOutButton
                    action={signOutOne.bind(null, s.id)}
                    device={`${device}, angemeldet seit ${formatBerlin(s.createdAt)}`}
                  />
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
