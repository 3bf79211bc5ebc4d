import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { getConfig } from "@/lib/core/config";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { parseInvoiceLines, invoiceTotals, type InvoiceLine } from "./invoice-lines";
import { nextInvoiceNumber } from "./invoice-numbers";
import { snapshotRecipient } from "./invoice-recipient";
import { invoiceIssuer } from "./issuer";
import { emitInvoiceWebhook } from "@/lib/domains/webhooks/account-events";

export interface CreateManualInvoiceOptions {
  userId: number;
  /** The agreement (bundle) the invoice bills; it must belong to the same account. */
  paymentOptionId?: number | null;
  lines: InvoiceLine[];
  /** The service period (Leistungszeitraum): start inclusive, end exclusive like an agreement's period_end. */
  periodStart: Date;
  periodEnd: Date;
  /** A legacy invoice this one reissues (spec 3.1: superseded legacy invoices). */
  replacesLegacyInvoiceNumber?: string | null;
  actorUserId?: number | null;
  now?: Date;
}

const isValidDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function checkInput(opts: CreateManualInvoiceOptions): InvoiceLine[] {
  const { lines, issues } = parseInvoiceLines(opts.lines);
  const all: ValidationIssue[] = [...issues];
  if (!isValidDate(opts.periodStart)) all.push({ path: "periodStart", message: "Bitte geben Sie den Beginn des Leistungszeitraums an." });
  if (!isValidDate(opts.periodEnd)) all.push({ path: "periodEnd", message: "Bitte geben Sie das Ende des Leistungszeitraums an." });
  else if (isValidDate(opts.periodStart) && opts.periodEnd <= opts.periodStart)
    all.push({ path: "periodEnd", message: "Der Leistungszeitraum endet vor seinem Beginn." });
  const legacy = opts.replacesLegacyInvoiceNumber;
  if (legacy != null && (!legacy.trim() || legacy.length > 64))
    all.push({ path: "replacesLegacyInvoiceNumber", message: "Die ersetzte Rechnungsnummer ist ungültig." });
  if (all.length) throw new AppError("validation_failed", "Die Rechnung ist unvollständig oder fehlerhaft.", undefined, all);
  return lines;
}

/**
 * Issues a manual invoice (prefix MAN) for a customer who pays by bank transfer: status open,
 * the recipient snapshotted, due after the payment term. The number is drawn in the same
 * transaction as the insert, so a failed issue returns it (gapless numbering). Sending is a
 * separate step (sendManualInvoice).
 */
export async function createManualInvoice(opts: CreateManualInvoiceOptions, tx?: Tx): Promise<{ id: number; number: string }> {
  const lines = checkInput(opts);
  // Before any number is drawn: production refuses to issue without a complete issuer.
  invoiceIssuer();
  const now = opts.now ?? new Date();
  const totals = invoiceTotals(lines);
  const run = async (tx: Tx) => {
    // Race: the customer saves a new billing address while this invoice is issued; with the
    // account row locked (saveBillingAddress takes the same lock) the snapshot is one whole address.
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${opts.userId} FOR UPDATE`;
    if (!locked.length) throw new AppError("not_found", "Dieses Kundenkonto gibt es nicht.");
    const user = await tx.user.findUniqueOrThrow({ where: { id: opts.userId }, select: { id: true, name: true, email: true } });
    let companyId: number | null = null;
    if (opts.paymentOptionId != null) {
      const agreement = await tx.userPaymentOption.findUnique({
        where: { id: opts.paymentOptionId },
        select: { userId: true, companyId: true },
      });
      if (!agreement || agreement.userId !== user.id)
        throw new AppError("not_found", "Diese Vereinbarung gehört nicht zu diesem Kundenkonto.");
      companyId = agreement.companyId;
    }
    const recipient = await snapshotRecipient(tx, user, companyId);
    const number = await nextInvoiceNumber(tx, "MAN", now);
    const invoice = await tx.invoice.create({
      data: {
        number,
        kind: "manual",
        status: "open",
        userId: user.id,
        userPaymentOptionId: opts.paymentOptionId ?? null,
        amountCents: totals.netCents,
        taxCents: totals.taxCents,
        currency: "EUR",
        lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitNetCents: l.unitNetCents })),
        recipient: { ...recipient },
        periodStart: opts.periodStart,
        periodEnd: opts.periodEnd,
        issuedAt: now,
        dueAt: new Date(now.getTime() + getConfig().billing.paymentTermDays * 86_400_000),
        replacesLegacyInvoiceNumber: opts.replacesLegacyInvoiceNumber?.trim() || null,
      },
      select: { id: true, number: true },
    });
    await emitInvoiceWebhook(tx, { invoiceId: invoice.id, type: "invoice.issued", now });
    await recordActivity(
      {
        actorUserId: opts.actorUserId ?? null,
        type: ACTIVITY.invoiceCreated,
        subjectType: "invoice",
        subjectId: invoice.id,
        metadata: {
          number,
          userId: user.id,
          kind: "manual",
          netCents: totals.netCents,
          taxCents: totals.taxCents,
          replacesLegacyInvoiceNumber: opts.replacesLegacyInvoiceNumber ?? null,
        },
      },
      tx,
    );
    return invoice;
  };
  // Issues queue on the year's counter row (held until commit): give a waiting one time.
  return tx ? run(tx) : db.$transaction(run, { maxWait: 15_000, timeout: 20_000 });
}
