import { z } from "zod";

// The fields of Stripe's objects the webhook reads, parsed once. Stripe may send an id or the
// expanded object in the same place; both become the id. Unknown fields are ignored.

const ref = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);
const optionalRef = ref.nullish().transform((v) => v ?? null);
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((v) => v ?? {});
const instant = z
  .number()
  .int()
  .transform((s) => new Date(s * 1000));

export const checkoutSessionSchema = z.object({
  id: z.string(),
  mode: z.enum(["payment", "subscription", "setup"]),
  payment_status: z.string(),
  customer: optionalRef,
  subscription: optionalRef,
  metadata,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  customer: ref,
  status: z.string(),
  cancel_at_period_end: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  canceled_at: instant.nullish(),
  metadata,
  items: z.object({
    data: z.array(
      z.object({
        current_period_start: instant.nullish(),
        current_period_end: instant.nullish(),
        price: z.object({ unit_amount: z.number().int().nullish() }).nullish(),
      }),
    ),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  customer: optionalRef,
  status: z.string().nullish(),
  currency: z.string(),
  subtotal: z.number().int(),
  subtotal_excluding_tax: z.number().int().nullish(),
  total: z.number().int(),
  total_taxes: z.array(z.object({ amount: z.number().int() })).nullish(),
  invoice_pdf: z.string().nullish(),
  metadata,
  parent: z.object({ subscription_details: z.object({ subscription: optionalRef, metadata }).nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          description: z.string().nullish(),
          quantity: z.number().int().nullish(),
          amount: z.number().int(),
          period: z.object({ start: instant, end: instant }).nullish(),
        }),
      ),
    })
    .nullish(),
  status_transitions: z.object({ paid_at: instant.nullish() }).nullish(),
  created: instant,
});
export type ProviderInvoice = z.infer<typeof invoiceSchema>;
