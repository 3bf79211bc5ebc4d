import { db } from "@/lib/core/db/client";
import type { SuppressionState } from "@/lib/generated/prisma/client";
import type { ReportRange } from "./report-range";

// The submitter report (spec 4.3): the addresses of submitters that no mail reaches (dead) and
// the releases the automatic review rejected, with its reason. It sends nothing: an editor
// copies the text or downloads the CSV (./submitter-csv.ts) and decides what to do.
//
// Submitters' addresses: the account addresses of release authors and the newsrooms' own
// addresses. Dead: a suppression that stops every mail (hard bounce, complaint, manual block;
// lib/domains/mail/suppression.ts) or a signed hard bounce not caused by a relay. Unsigned bounces
// prove nothing and `unsubscribed` or `policy_review` leave the address deliverable.

export interface DeadAddress {
  email: string;
  /** Accounts with this address that wrote releases, with their number of releases. */
  authors: { userId: number; name: string; releases: number }[];
  /** Newsrooms with this address. */
  companies: { id: number; name: string }[];
  state: SuppressionState | null;
  suppressedAt: Date | null;
  suppressionReason: string | null;
  hardBounces: number;
  lastBounceAt: Date | null;
  lastDiagnostic: string | null;
}

export interface AutoRejection {
  releaseId: number;
  title: string;
  company: { id: number; name: string };
  author: { id: number; email: string; name: string } | null;
  rejectedAt: Date;
  /** The review's reasons in the release's language, else their codes. */
  reason: string | null;
}

export interface SubmitterReport {
  range: ReportRange;
  deadAddresses: DeadAddress[];
  autoRejections: AutoRejection[];
}

/** More than this many rows of a kind is no list to read but a data problem; the CSV carries the same cut. */
export const SUBMITTER_ROWS_MAX = 2_000;

interface AddressRow {
  email: string;
  user_id: number | null;
  user_name: string | null;
  releases: number | null;
  company_id: number | null;
  company_name: string | null;
  state: SuppressionState | null;
  suppressed_at: Date | null;
  suppression_reason: string | null;
  hard_bounces: number;
  last_bounce_at: Date | null;
  last_diagnostic: string | null;
}

export async function loadSubmitterReport(opts: { range: ReportRange }): Promise<SubmitterReport> {
  const { from, to } = opts.range;
  const rows = await db.$queryRaw<AddressRow[]>`
    WITH submitters AS (
      SELECT lower(trim(u.email)) AS email, u.id AS user_id, u.name AS user_name, count(r.id)::int AS releases, NULL::int AS company_id, NULL::text AS company_name
      FROM users u JOIN press_releases r ON r.author_user_id = u.id
      GROUP BY u.id
      UNION ALL
      SELECT lower(trim(c.email)), NULL, NULL, NULL, c.id, c.name
      FROM companies c WHERE c.email IS NOT NULL AND c.email <> '' AND c.deleted_at IS NULL
    ),
    dead AS (
      SELECT email FROM email_suppressions WHERE state IN ('hard_bounce', 'complaint', 'manual')
      UNION
      SELECT email FROM email_bounces WHERE kind = 'hard' AND signed AND NOT is_relay
    )
    SELECT s.*, es.state, es.updated_at AS suppressed_at, es.reason AS suppression_reason,
           coalesce(b.n, 0)::int AS hard_bounces, b.last_at AS last_bounce_at, b.diagnostic AS last_diagnostic
    FROM submitters s
    JOIN dead d ON d.email = s.email
    LEFT JOIN email_suppressions es ON es.email = s.email AND es.state IN ('hard_bounce', 'complaint', 'manual')
    LEFT JOIN LATERAL (
      SELECT count(*) AS n, max(created_at) AS last_at, (array_agg(coalesce(diagnostic, status_code) ORDER BY created_at DESC))[1] AS diagnostic
      FROM email_bounces WHERE email = s.email AND kind = 'hard' AND signed AND NOT is_relay
    ) b ON true
    ORDER BY s.email, s.user_id NULLS LAST, s.company_id
    LIMIT ${SUBMITTER_ROWS_MAX * 4}`;
  const byEmail = new Map<string, DeadAddress>();
  for (const r of rows) {
    const a = byEmail.get(r.email) ?? {
      email: r.email,
      authors: [],
      companies: [],
      state: r.state,
      suppressedAt: r.suppressed_at,
      suppressionReason: r.suppression_reason,
      hardBounces: r.hard_bounces,
      lastBounceAt: r.last_bounce_at,
      lastDiagnostic: r.last_diagnostic,
    };
    if (r.user_id !== null) a.authors.push({ userId: r.user_id, name: r.user_name ?? "", releases: r.releases ?? 0 });
    if (r.company_id !== null) a.companies.push({ id: r.company_id, name: r.company_name ?? "" });
    byEmail.set(r.email, a);
  }

  // Rejections by the automatic review (actor ki) in the range, with the reasons of the red
  // check that led to them.
  const rejected = await db.$queryRaw<
    {
      release_id: number;
      title: string;
      company_id: number;
      company_name: string;
      author_id: number | null;
      author_email: string | null;
      author_name: string | null;
      rejected_at: Date;
      codes: string | null;
      reasons: unknown;
    }[]
  >`
    SELECT h.press_release_id AS release_id, r.title, c.id AS company_id, c.name AS company_name,
           u.id AS author_id, u.email AS author_email, u.name AS author_name, h.created_at AS rejected_at, h.reason AS codes, k.reasons
    FROM press_release_history h
    JOIN press_releases r ON r.id = h.press_release_id
    JOIN companies c ON c.id = r.company_id
    LEFT JOIN users u ON u.id = r.author_user_id
    LEFT JOIN LATERAL (
      SELECT reasons FROM press_release_classifications pc
      WHERE pc.press_release_id = h.press_release_id AND pc.result = 'red' AND pc.created_at <= h.created_at
      ORDER BY pc.created_at DESC, pc.id DESC LIMIT 1
    ) k ON true
    WHERE h.actor_type = 'ki' AND h.to_status = 'rejected' AND h.created_at >= ${from} AND h.created_at < ${to}
    ORDER BY h.created_at DESC, h.id DESC
    LIMIT ${SUBMITTER_ROWS_MAX}`;

  return {
    range: opts.range,
    deadAddresses: [...byEmail.values()].slice(0, SUBMITTER_ROWS_MAX),
    autoRejections: rejected.map((r) => ({
      releaseId: r.release_id,
      title: r.title,
      company: { id: r.company_id, name: r.company_name },
      author: r.author_id === null ? null : { id: r.author_id, email: r.author_email ?? "", name: r.author_name ?? "" },
      rejectedAt: r.rejected_at,
      reason: reasonText(r.reasons) ?? r.codes,
    })),
  };
}

/** The red check's reasons as one line ("Der Text liest sich wie Werbung. Mehrfache Ausrufezeichen."). */
function reasonText(reasons: unknown): string | null {
  if (!Array.isArray(reasons)) return null;
  const messages = reasons
    .filter(
      (r): r is { message: string; severity?: string } =>
        typeof r === "object" && r !== null && typeof (r as { message?: unknown }).message === "string",
    )
    .filter((r) => r.severity !== "yellow")
    .map((r) => r.message.trim());
  return messages.length ? messages.join(" ") : null;
}
