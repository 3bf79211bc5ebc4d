import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LANGUAGE_LABEL } from "@/components/admin/release-labels";
import {
  STAFF_ROLE_LABEL,
  UserActivityTable,
  UserLoginTable,
  UserMembershipTable,
  UserSessionTable,
  UserStateBadges,
} from "@/components/admin/user-tables";
import { ReasonForm } from "@/components/admin/release-reason-form";
import { ActionButton } from "@/components/ui/action-button";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { isPermission, passesGlobalBefore, PERMISSION_LABELS } from "@/lib/domains/accounts/permissions";
import { oneParam, type SearchParams } from "@/lib/adapters/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { loadAdminUser } from "@/lib/adapters/admin/user-detail";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { IMPERSONATION_MINUTES } from "@/lib/domains/auth/impersonation/impersonation-cookie";
import { endSessions, resetSecondFactor } from "../actions";
import { startImpersonationAction } from "../impersonation-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Benutzer" };

async function load(rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadAdminUser(id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

// One account for support (spec 5.11: users:manage). Secrets never reach this page: the loader
// reads none (lib/adapters/admin/user-detail.ts). Acting as the customer (spec 6.1) is offered for active
// customer accounts; lib/core/errors decides again when the button is pressed.
export default async function AdminUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { user: viewer } = await requireAdmin(ADMIN_SCREENS.users.permission);
  const { account: a, quota, passkeys, apiTokens, oauth, memberships, logins, sessions, activity } = await load((await params).id);
  const done = oneParam(await searchParams, "erledigt");
  const isSelf = viewer.id === a.id;
  const mayReset = passesGlobalBefore(viewer);
  return (
    <>
      <PageHeader back={{ href: "/admin/users", label: "Benutzer" }} title={a.name} />
      <p className="admin-badges">
        <UserStateBadges user={a} />
        <span className="meta">
          Nr. {a.id} · {a.email} · {STAFF_ROLE_LABEL[a.staffRole]}
        </span>
      </p>
      {done === "zweiter-faktor" ? (
        <Notice tone="success" role="status">
          Zweiter Faktor zurückgesetzt: App-Code und Wiederherstellungscodes sind gelöscht. Die Person meldet sich mit Passwort, Login-Link
          oder Passkey an und kann den App-Code neu einrichten.
        </Notice>
      ) : null}

      <section className="panel" aria-labelledby="account-heading">
        <h2 id="account-heading">Konto</h2>
        <dl className="facts">
          <dt>E-Mail-Adresse</dt>
          <dd>
            {a.email}{" "}
            <span className="meta">{a.emailVerifiedAt ? `bestätigt am ${formatBerlinDay(a.emailVerifiedAt)}` : "nicht bestätigt"}</span>
          </dd>
          {a.pendingEmail ? (
            <>
              <dt>Neue Adresse (ausstehend)</dt>
              <dd>
                {a.pendingEmail} <span className="meta">bis {formatBerlin(a.pendingEmailExpiresAt)}</span>
              </dd>
            </>
          ) : null}
          <dt>Rolle</dt>
          <dd>{STAFF_ROLE_LABEL[a.staffRole]}</dd>
          {a.staffRole === "admin" ? (
            <>
              <dt>Berechtigungen</dt>
              <dd>
                {a.permissions.length
                  ? a.permissions.map((p) => (
                      <span key={p} className="admin-line">
                        {isPermission(p) ? PERMISSION_LABELS[p] : "Unbekannte Berechtigung"}
                      </span>
                    ))
                  : "keine"}
              </dd>
            </>
          ) : null}
          <dt>Sprache der E-Mails</dt>
          <dd>{LANGUAGE_LABEL[a.locale]}</dd>
          <dt>Angelegt</dt>
          <dd>{formatBerlin(a.createdAt)}</dd>
          <dt>Letzte Anmeldung</dt>
          <dd>{formatBerlin(a.lastLoginAt)}</dd>
          <dt>Kontingent</dt>
          <dd>
            {quota.used} von {quota.limit} in diesem Monat veröffentlicht
            {quota.limit === 0 ? <span className="meta"> · kein Paket gebucht</span> : null}
          </dd>
        </dl>
      </section>

      <section className="panel" aria-labelledby="security-heading">
        <h2 id="security-heading">Anmeldung und Sicherheit</h2>
        <dl className="facts">
          <dt>Passwort</dt>
          <dd>{a.hasPassword ? "gesetzt" : "keines (Anmeldung per Link)"}</dd>
          <dt>Zweiter Faktor</dt>
          <dd>
            {a.twoFactorEnabled
              ? `App-Code seit ${formatBerlinDay(a.totpConfirmedAt)} · ${a.recoveryCodesLeft} Wiederherstellungscodes übrig`
              : "nicht eingerichtet"}
          </dd>
          <dt>Passkeys</dt>
          <dd>
            {passkeys.length
              ? passkeys.map((p) => (
                  <span key={p.id} className="admin-line">{`${p.name} (zuletzt benutzt: ${formatBerlin(p.lastUsedAt)})`}</span>
                ))
              : "keine"}
          </dd>
          <dt>Drittanbieter</dt>
          <dd>
            {oauth.length ? oauth.map((o) => <span key={o.id} className="admin-line">{`${o.provider} · ${o.email}`}</span>) : "keine"}
          </dd>
          <dt>API-Tokens</dt>
          <dd>
            {apiTokens.length
              ? apiTokens.map((t) => (
                  <span
                    key={t.id}
                    className="admin-line"
                  >{`${t.name} · gültig bis ${t.expiresAt ? formatBerlinDay(t.expiresAt) : "unbegrenzt"} · zuletzt benutzt ${formatBerlin(t.lastUsedAt)}`}</span>
                ))
              : "keine"}
          </dd>
          {a.sessionsEndedAt ? (
            <>
              <dt>Alle Sitzungen beendet</dt>
              <dd>{formatBerlin(a.sessionsEndedAt)}</dd>
            </>
          ) : null}
        </dl>
        <FormActions layout="start">
          {isSelf ? (
            <p className="meta">
              Ihre eigenen Sitzungen beenden Sie auf Ihrer <Link href="/dashboard/security">Sicherheitsseite</Link>.
            </p>
          ) : (
            <ActionButton
              action={endSessions.bind(null, a.id)}
              label="Alle Sitzungen beenden"
              confirmText={`Alle Sitzungen von ${a.name} enden sofort; die Person muss sich neu anmelden. Fortfahren?`}
            />
          )}
          {a.twoFactorEnabled || a.recoveryCodesLeft || passkeys.length ? (
            mayReset ? (
              <ActionButton
                action={resetSecondFactor.bind(null, a.id)}
                label="Zweiten Faktor zurücksetzen"
                variant="danger-quiet"
                confirmText={{
                  title: `Zweiten Faktor von ${a.name} zurücksetzen?`,
                  consequence:
                    "App-Code, Wiederherstellungscodes und Passkeys werden gelöscht, z. B. nach einem verlorenen Telefon. Die Person meldet sich danach nur mit dem Passwort an und richtet den zweiten Faktor neu ein.",
                  confirmLabel: "Zurücksetzen",
                }}
              />
            ) : (
              <p className="meta">Einen zweiten Faktor zurücksetzen dürfen nur Super-Admins.</p>
            )
          ) : null}
        </FormActions>
      </section>

      <section className="panel" aria-labelledby="impersonation-heading">
        <h2 id="impersonation-heading">Support-Zugang</h2>
        {a.staffRole !== "user" ? (
          <p className="meta">Konten von Mitarbeitenden können nicht übernommen werden.</p>
        ) : !a.isActive || a.deletedAt ? (
          <p className="meta">Gesperrte oder gelöschte Konten können nicht übernommen werden.</p>
        ) : (
          <>
            <p>
              Sie sehen den Kundenbereich, wie {a.name} ihn sieht, und handeln höchstens {IMPERSONATION_MINUTES} Minuten in diesem Konto.
              Jede Aktion wird mit Ihrem Namen protokolliert. Buchungen, Zahlungen, Kündigungen, Sicherheitseinstellungen und Bestätigungen
              von Bildrechten bleiben der Person selbst vorbehalten. Ihre eigene Sitzung bleibt bestehen; „Beenden“ im Banner führt hierher
              zurück.
            </p>
            <ReasonForm
              action={startImpersonationAction.bind(null, a.id)}
              id="impersonation"
              label="Als diese Person handeln"
              subject={a.name}
              reasonLabel="Grund (z. B. Anfrage oder Ticketnummer)"
              confirmText={`Sie handeln jetzt als ${a.name}. Fortfahren?`}
            />
          </>
        )}
      </section>

      <section aria-labelledby="memberships-heading">
        <h2 id="memberships-heading">Newsrooms</h2>
        <UserMembershipTable memberships={memberships} />
      </section>

      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Aktive Sitzungen</h2>
        <UserSessionTable sessions={sessions} />
      </section>

      <section aria-labelledby="logins-heading">
        <h2 id="logins-heading">Anmeldeverlauf</h2>
        <p className="meta">
          Die neuesten Einträge (höchstens 50). Client-Adressen sind nur als gekürzter Prüfwert gespeichert und erscheinen hier nicht.
        </p>
        <UserLoginTable logins={logins} />
      </section>

      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading">Letzte Aktivität</h2>
        <UserActivityTable entries={activity} />
      </section>
    </>
  );
}
