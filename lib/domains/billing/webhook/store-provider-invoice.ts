import { randomBytes } from "node:crypto";
import { deliverInvoice } from "@/lib/domains/billing/invoices/deliver-invoice";
import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { db } from "@/lib/core/db/client";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { getFileStorage } from "@/lib/core/storage/file-storage";

// After a provider invoice is paid: its PDF is fetched once and stored (spec 4.6), then the
// invoice mail goes out once under the delivery settings. Runs as a job after the webhook's
// commit, and as a sweep that catches any paid invoice a lost job left behind.

const inFlight = new Map<number, Promise<boolean>>();

/**
 * Fetches and stores the provider PDF once. The job, its retry and the sweep may meet here: in
 * one process they share one fetch; across processes the conditional update keeps the first
 * stored copy and the other is deleted. No transaction is held during the fetch (the embedded
 * database has one connection).
 */
function storePdfOnce(invoice: { id: number; number: string; stripeInvoiceId: string }): Promise<boolean> {
  const running = inFlight.get(invoice.id);
  if (running) return running;
  const work = (async () => {
    const bytes = await getPaymentProvider().fetchInvoicePdf({ stripeInvoiceId: invoice.stripeInvoiceId, pdfUrl: null });
    // A key of its own per copy: deleting a losing copy must never touch the stored one.
    const key = `invoices/${invoice.number.toLowerCase()}-${randomBytes(8).toString("hex")}.pdf`;
    await getFileStorage().put(key, Buffer.from(bytes), "application/pdf");
    const won = await db.invoice.updateMany({ where: { id: invoice.id, pdfPath: null }, data: { pdfPath: key } });
    if (!won.count) await getFileStorage().delete(key);
    return won.count > 0;
  })().finally(() => inFlight.delete(invoice.id));
  inFlight.set(invoice.id, work);
  return work;
}

export async function storeProviderInvoice(opts: { invoiceId: number }): Promise<{ stored: boolean; mailed: boolean }> {
  const invoice = await db.invoice.findUnique({
    where: { id: opts.invoiceId },
    select: { id: true, number: true, kind: true, status: true, stripeInvoiceId: true, pdfPath: true },
  });
  if (!invoice || invoice.kind !== "stripe" || !invoice.stripeInvoiceId || invoice.status !== "paid")
    return { stored: false, mailed: false };
  const stored = invoice.pdfPath
    ? false
    : await storePdfOnce({ id: invoice.id, number: invoice.number, stripeInvoiceId: invoice.stripeInvoiceId });
  // Once: only the run that sets sent_at sends (a retried job or the sweep finds it set).
  const mailed = await db.$transaction(async (tx) => {
    const claimed = await tx.invoice.updateMany({ where: { id: invoice.id, sentAt: null }, data: { sentAt: new Date() } });
    if (!claimed.count) return false;
    await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" }, tx);
    return true;
  });
  return { stored, mailed };
}

/** Paid provider invoices still without PDF or mail (a job lost after the webhook committed). */
export async function sweepProviderInvoices(
  opts: { olderThanMinutes?: number; limit?: number } = {},
): Promise<{ processed: number; failed: number }> {
  const before = new Date(Date.now() - (opts.olderThanMinutes ?? 10) * 60_000);
  const due = await db.invoice.findMany({
    where: { kind: "stripe", status: "paid", updatedAt: { lt: before }, OR: [{ pdfPath: null }, { sentAt: null }] },
    select: { id: true },
    orderBy: { id: "asc" },
    take: opts.limit ?? 100,
  });
  let failed = 0;
  for (const { id } of due) {
    await storeProviderInvoice({ invoiceId: id }).catch((err) => {
      failed++;
      console.error(`provider invoice ${id}:`, err);
    });
  }
  return { processed: due.length - failed, failed };
}

export const storeProviderInvoiceJob = defineJob<{ invoiceId: number }>({
  name: JOB.storeProviderInvoice,
  // The provider may be down for a while (spec 4.6: retries when the provider is down).
  retries: 5,
  timeoutSeconds: 60,
  handler: async (payload, { step }) => step.run("store-and-mail", () => storeProviderInvoice({ invoiceId: Number(payload.invoiceId) })),
});

export const sweepProviderInvoicesJob = defineJob({
  name: JOB.sweepProviderInvoices,
  retries: 1,
  timeoutSeconds: 300,
  handler: async (_payload, { step }) => step.run("sweep", () => sweepProviderInvoices()),
});
