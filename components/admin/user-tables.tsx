import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { AdminUserDetail } from "@/lib/adapters/admin/user-detail";
import type { AdminUserRow } from "@/lib/adapters/admin/user-search";
import { activityLabel } from "@/lib/domains/activity/types";
import { GRANTED_VIA_LABEL, ROLE_LABEL } from "@/lib/domains/companies/team/role-descriptions";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import { LOGIN_EVENT_LABEL, LOGIN_METHOD_LABEL, LOGIN_REASON_LABEL, PORTAL_LABEL } from "./release-labels";

export const STAFF_ROLE_LABEL = { user: "Kundin/Kunde", admin: "Admin", super_admin: "Super-Admin" } as const;

/** Locked, deleted or not yet confirmed: what keeps an account from signing in. */
export function UserStateBadges({ user }: { user: { isActive: boolean; deletedAt: Date | null; emailVerifiedAt: Date | null } }) {
  return (
    <>
      {user.deletedAt ? (
        <Badge tone="danger" className="badge-gone">
          Gelöscht
        </Badge>
      ) : null}
      {!user.isActive && !user.deletedAt ? (
        <Badge tone="danger" className="badge-gone">
          Gesperrt
        </Badge>
      ) : null}
      {!user.emailVerifiedAt ? <Badge>Adresse unbestätigt</Badge> : null}
    </>
  );
}

/** The search results of /admin/users. */
export function UserTable({ rows }: { rows: AdminUserRow[] }) {
  return (
    <Table caption="Gefundene Konten" compact>
      <thead>
        <tr>
          <th scope="col">Nr.</th>
          <th scope="col">Name</th>
          <th scope="col">E-Mail</th>
          <th scope="col">Rolle</th>
          <th scope="col">Newsrooms</th>
          <th scope="col">Letzte Anmeldung</th>
          <th scope="col">Angelegt</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((u) => (
          <tr key={u.id}>
            <td className="meta">{u.id}</td>
            <td>
              <Link href={`/admin/users/${u.id}`}>{u.name}</Link>{" "}
              <span className="admin-badges">
                <UserStateBadges user={u} />
              </span>
            </td>
            <td>{u.email}</td>
            <td>{STAFF_ROLE_LABEL[u.staffRole]}</td>
            <td>{u._count.memberships}</td>
            <td className="meta">{formatBerlin(u.lastLoginAt)}</td>
            <td className="meta">{formatBerlinDay(u.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function UserMembershipTable({ memberships }: { memberships: AdminUserDetail["memberships"] }) {
  if (!memberships.length) return <p className="empty">Dieses Konto gehört zu keinem Newsroom.</p>;
  return (
    <Table caption="Newsrooms dieses Kontos" compact>
      <thead>
        <tr>
          <th scope="col">Newsroom</th>
          <th scope="col">Portal</th>
          <th scope="col">Rolle</th>
          <th scope="col">Vergeben</th>
          <th scope="col">Seit</th>
        </tr>
      </thead>
      <tbody>
        {memberships.map((m) => (
          <tr key={m.id}>
            <td>
              <Link href={`/admin/companies/${m.company.id}`}>{m.company.name}</Link>
              {m.company.goneAt || m.company.deletedAt ? <span className="meta"> (entfernt)</span> : null}
            </td>
            <td>{PORTAL_LABEL[m.company.portal]}</td>
            <td>{ROLE_LABEL[m.role]}</td>
            <td>{GRANTED_VIA_LABEL[m.grantedVia]}</td>
            <td className="meta">{formatBerlin(m.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** login_history, newest first; the client address is kept only as a keyed hash and not shown. */
export function UserLoginTable({ logins }: { logins: AdminUserDetail["logins"] }) {
  if (!logins.length) return <p className="empty">Keine Einträge.</p>;
  return (
    <Table caption="Anmeldeverlauf" compact>
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Weg</th>
        </tr>
      </thead>
      <tbody>
        {logins.map((l) => (
          <tr key={String(l.id)}>
            <td className="meta">{formatBerlin(l.createdAt)}</td>
            <td>
              {LOGIN_EVENT_LABEL[l.event]}
              {l.reason ? <span className="meta"> ({LOGIN_REASON_LABEL[l.reason]})</span> : null}
            </td>
            <td>
              {[l.method, l.entryPoint !== l.method ? l.entryPoint : null]
                .filter((w): w is string => !!w)
                .map((w) => LOGIN_METHOD_LABEL[w] ?? w)
                .join(" · ") || "–"}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function UserSessionTable({ sessions }: { sessions: AdminUserDetail["sessions"] }) {
  if (!sessions.length) return <p className="empty">Keine aktive Sitzung.</p>;
  return (
    <Table caption="Aktive Sitzungen" compact>
      <thead>
        <tr>
          <th scope="col">Gerät</th>
          <th scope="col">Angemeldet</th>
          <th scope="col">Zuletzt gesehen</th>
          <th scope="col">Weg</th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td>{s.userAgentShort ?? "unbekannt"}</td>
            <td className="meta">{formatBerlin(s.createdAt)}</td>
            <td className="meta">{formatBerlin(s.lastSeenAt)}</td>
            <td>
              {LOGIN_METHOD_LABEL[s.loginMethod] ?? s.loginMethod}
              {s.twoFactorPending ? <span className="meta"> · zweiter Faktor offen</span> : null}
              {s.strongAuthAt ? <span className="meta"> · Verwaltung bestätigt</span> : null}
              {s.impersonatorUserId !== null ? <span className="meta"> · durch Konto {s.impersonatorUserId}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function UserActivityTable({ entries }: { entries: AdminUserDetail["activity"] }) {
  if (!entries.length) return <p className="empty">Keine Einträge.</p>;
  return (
    <Table caption="Letzte Aktivität dieses Kontos" compact>
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Ergebnis oder Grund</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((a) => (
          <tr key={a.id}>
            <td className="meta">{formatBerlin(a.createdAt)}</td>
            <td>
              {activityLabel(a.type)}
              {a.impersonatorUserId !== null ? (
                <span className="meta">
                  {" "}
                  · im Support-Zugang durch <Link href={`/admin/users/${a.impersonatorUserId}`}>Konto {a.impersonatorUserId}</Link>
                </span>
              ) : null}
            </td>
            <td>{[a.result, a.reason].filter(Boolean).join(" · ") || <span className="meta">–</span>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
