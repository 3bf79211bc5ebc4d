import { planName } from "@/lib/domains/prices/catalog";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { withoutUnstorableChars } from "@/lib/core/input/text";

// What /admin/payments shows (spec 4.3): manual (MAN) invoices, open ones first; recent card
// (STR) payments; agreements with grandfathered terms; agreements on billing hold, queued last
// (spec 8). Each list is one query joined to its customer (no query per row), filtered by one
// parameterised search over the customer's e-mail and, for invoices, the invoice number.

export const PAYMENTS_PAGE_SIZE = 50;
/** Card payments are read-only here: the newest ones, for a quick look. */
export const PROVIDER_PAYMENTS_SHOWN = 20;
export const PAYMENTS_SEARCH_MAX = 200;
const MAX_PAGE = 10_000;

export const INVOICE_STATUS_FILTERS = ["open", "paid", "void", "all"] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export interface PaymentsOverviewOptions {
  status?: InvoiceStatusFilter;
  q?: string;
  page?: number;
  now?: Date;
}

export interface Customer {
  userId: number;
  name: string;
  email: string;
}

export interface ManualInvoiceRow {
  id: number;
  number: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  customer: Customer;
  issuedAt: Date;
  dueAt: Date | null;
  grossCents: number;
  sentAt: Date | null;
  remindedAt: Date | null;
  reminderCount: number;
  paidAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  isOverdue: boolean;
}

export interface ProviderPaymentRow {
  id: number;
  number: string;
  status: ManualInvoiceRow["status"];
  customer: Customer;
  issuedAt: Date;
  paidAt: Date | null;
  grossCents: number;
  hasPdf: boolean;
}

export interface AgreementRow {
  id: number;
  customer: Customer;
  provider: "stripe" | "manual";
  plan: string;
  planName: string;
  status: "active" | "past_due" | "cancelled" | "on_hold";
  priceCents: number;
  periodEnd: Date | null;
  grandfatheredUntil: Date | null;
  holdReason: string | null;
  heldAt: Date | null;
}

export interface PaymentsOverview {
  status: InvoiceStatusFilter;
  q: string;
  page: number;
  pageCount: number;
  invoices: { rows: ManualInvoiceRow[]; total: number };
  providerPayments: ProviderPaymentRow[];
  grandfathered: { rows: AgreementRow[]; total: number };
  /** Agreements on billing hold, oldest hold first: the queue the invoice run leaves to an admin. */
  blocked: { rows: AgreementRow[]; total: number };
  /** Invoices (manual and card) per status tab under the search: the tabs' counts. */
  counts: Record<InvoiceStatusFilter, number>;
}

/** The filter as a query string says it; anything unknown is the default view (open invoices). */
export function parsePaymentsQuery(params: Record<string, string | string[] | undefined>): Required<Omit<PaymentsOverviewOptions, "now">> {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const status = one(params.status);
  const page = /^[1-9][0-9]{0,4}$/.test(one(params.page)) ? Number(one(params.page)) : 1;
  return {
    status: (INVOICE_STATUS_FILTERS as readonly string[]).includes(status) ? (status as InvoiceStatusFilter) : "open",
    q: cleanSearch(one(params.q)),
    page: Math.min(page, MAX_PAGE),
  };
}

function cleanSearch(raw: string | undefined): string {
  // Search words are read, not stored: what PostgreSQL cannot hold is dropped, not refused.
  return withoutUnstorableChars((raw ?? "").slice(0, PAYMENTS_SEARCH_MAX)).trim();
}

/** `%word%` with the LIKE wildcards of the word taken literally (backslash is PostgreSQL's default escape). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface InvoiceSqlRow {
  id: number;
  number: string;
  status: ManualInvoiceRow["status"];
  user_id: number;
  name: string;
  email: string;
  issued_at: Date;
  due_at: Date | null;
  gross_cents: number;
  sent_at: Date | null;
  reminded_at: Date | null;
  reminder_count: number;
  paid_at: Date | null;
  voided_at: Date | null;
  void_reason: string | null;
  has_pdf: boolean;
}

interface AgreementSqlRow {
  id: number;
  user_id: number;
  name: string;
  email: string;
  provider: AgreementRow["provider"];
  plan: string;
  status: AgreementRow["status"];
  price_cents: number;
  period_end: Date | null;
  grandfathered_until: Date | null;
  billing_hold_reason: string | null;
  billing_hold_at: Date | null;
}

const customerOf = (r: { user_id: number; name: string; email: string }): Customer => ({ userId: r.user_id, name: r.name, email: r.email });

const INVOICE_COLUMNS = Prisma.sql`
  i.id, i.number, i.status::text AS status, i.user_id, u.name, u.email, i.issued_at, i.due_at,
  (i.amount_cents + i.tax_cents)::int AS gross_cents, i.sent_at, i.reminded_at, i.reminder_count,
  i.paid_at, i.voided_at, i.void_reason, (i.pdf_path IS NOT NULL) AS has_pdf`;

const AGREEMENT_COLUMNS = Prisma.sql`
  a.id, a.user_id, u.name, u.email, a.provider::text AS provider, a.plan, a.status::text AS status,
  a.price_cents, a.period_end, a.grandfathered_until, a.billing_hold_reason, a.billing_hold_at`;

function toAgreement(r: AgreementSqlRow): AgreementRow {
  return {
    id: r.id,
    customer: customerOf(r),
    provider: r.provider,
    plan: r.plan,
    planName: planName(r.plan),
    status: r.status,
    priceCents: r.price_cents,
    periodEnd: r.period_end,
    grandfatheredUntil: r.grandfathered_until,
    holdReason: r.billing_hold_reason,
    heldAt: r.billing_hold_at,
  };
}

async function countOf(from: Prisma.Sql, where: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM ${from} WHERE ${where}`;
  return row?.n ?? 0;
}

/** Everything /admin/payments lists, for one filter, search and page of manual invoices. */
export async function loadPaymentsOverview(opts: PaymentsOverviewOptions = {}): Promise<PaymentsOverview> {
  const now = opts.now ?? new Date();
  const status = opts.status ?? "open";
  const q = cleanSearch(opts.q);
  const page = Number.isSafeInteger(opts.page) && opts.page! >= 1 ? Math.min(opts.page!, MAX_PAGE) : 1;
  const pattern = q ? containsPattern(q) : null;

  const invoiceFrom = Prisma.sql`invoices i JOIN users u ON u.id = i.user_id`;
  const byInvoiceSearch = pattern ? Prisma.sql`(i.number ILIKE ${pattern} OR u.email ILIKE ${pattern})` : Prisma.sql`TRUE`;
  const byStatus = status === "all" ? Prisma.sql`TRUE` : Prisma.sql`i.status = ${status}::"InvoiceStatus"`;
  const manualWhere = Prisma.sql`i.kind = 'manual' AND ${byStatus} AND ${byInvoiceSearch}`;
  // The status filter applies to every invoice list: manual and card alike.
  const providerWhere = Prisma.sql`i.kind = 'stripe' AND ${byStatus} AND ${byInvoiceSearch}`;

  const agreementFrom = Prisma.sql`user_payment_options a JOIN users u ON u.id = a.user_id`;
  const byCustomerSearch = pattern ? Prisma.sql`u.email ILIKE ${pattern}` : Prisma.sql`TRUE`;
  // Held and still running: a removed (cancelled) or billed (hold cleared) agreement leaves the queue.
  const blockedWhere = Prisma.sql`a.billing_hold_at IS NOT NULL AND a.status = 'active' AND ${byCustomerSearch}`;
  const grandfatheredWhere = Prisma.sql`a.grandfathered_until IS NOT NULL AND a.status <> 'cancelled' AND ${byCustomerSearch}`;

  const [invoiceRows, invoiceTotal, providerRows, grandfatheredRows, grandfatheredTotal, blockedRows, blockedTotal, perStatus] =
    await Promise.all([
      db.$queryRaw<InvoiceSqlRow[]>`
      SELECT ${INVOICE_COLUMNS} FROM ${invoiceFrom} WHERE ${manualWhere}
      -- Open invoices first, the longest overdue on top; the rest newest first.
      ORDER BY (i.status <> 'open'), CASE WHEN i.status = 'open' THEN i.due_at END ASC NULLS LAST, i.issued_at DESC, i.id DESC
      LIMIT ${PAYMENTS_PAGE_SIZE} OFFSET ${(page - 1) * PAYMENTS_PAGE_SIZE}`,
      countOf(invoiceFrom, manualWhere),
      db.$queryRaw<InvoiceSqlRow[]>`
      SELECT ${INVOICE_COLUMNS} FROM ${invoiceFrom} WHERE ${providerWhere}
      ORDER BY COALESCE(i.paid_at, i.issued_at) DESC, i.id DESC LIMIT ${PROVIDER_PAYMENTS_SHOWN}`,
      db.$queryRaw<AgreementSqlRow[]>`
      SELECT ${AGREEMENT_COLUMNS} FROM ${agreementFrom} WHERE ${grandfatheredWhere}
      ORDER BY a.grandfathered_until ASC, a.id ASC LIMIT ${PAYMENTS_PAGE_SIZE}`,
      countOf(agreementFrom, grandfatheredWhere),
      db.$queryRaw<AgreementSqlRow[]>`
      SELECT ${AGREEMENT_COLUMNS} FROM ${agreementFrom} WHERE ${blockedWhere}
      ORDER BY a.billing_hold_at ASC, a.id ASC LIMIT ${PAYMENTS_PAGE_SIZE}`,
      countOf(agreementFrom, blockedWhere),
      db.$queryRaw<{ status: string; n: bigint }[]>`
      SELECT i.status::text AS status, count(*) AS n FROM ${invoiceFrom}
      WHERE i.kind IN ('manual', 'stripe') AND ${byInvoiceSearch} GROUP BY i.status`,
    ]);
  const counted = new Map(perStatus.map((r) => [r.status, Number(r.n)]));
  const counts = {
    open: counted.get("open") ?? 0,
    paid: counted.get("paid") ?? 0,
    void: counted.get("void") ?? 0,
    all: [...counted.values()].reduce((a, b) => a + b, 0),
  };

  return {
    status,
    q,
    page,
    pageCount: Math.max(1, Math.ceil(invoiceTotal / PAYMENTS_PAGE_SIZE)),
    invoices: {
      total: invoiceTotal,
      rows: invoiceRows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        customer: customerOf(r),
        issuedAt: r.issued_at,
        dueAt: r.due_at,
        grossCents: r.gross_cents,
        sentAt: r.sent_at,
        remindedAt: r.reminded_at,
        reminderCount: r.reminder_count,
        paidAt: r.paid_at,
        voidedAt: r.voided_at,
        voidReason: r.void_reason,
        isOverdue: r.status === "open" && r.due_at !== null && r.due_at < now,
      })),
    },
    providerPayments: providerRows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      customer: customerOf(r),
      issuedAt: r.issued_at,
      paidAt: r.paid_at,
      grossCents: r.gross_cents,
      hasPdf: r.has_pdf,
    })),
    grandfathered: { rows: grandfatheredRows.map(toAgreement), total: grandfatheredTotal },
    blocked: { rows: blockedRows.map(toAgreement), total: blockedTotal },
    counts,
  };
}
