import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { diskStorage, setFileStorageForTests } from "@/lib/core/storage/file-storage";
import { seedUser, unique } from "@/tests/factories";
import { signIn, signInPasswordOnly, signOut, withPageSession } from "@/tests/page-session";
import { invoicePdfForViewer } from "./invoice-policy";
import { customerWithInvoice, pdfTextOf } from "@/tests/invoice-fixtures";

// The invoice policy (spec 4.3) as the attacker tries it: another customer's ids, staff without
// billing:manage or without the strong confirmation, ids that are no ids. The routes run for
// real behind a session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

afterEach(() => {
  setFileStorageForTests(null);
});

const customerRoute = async (id: string) =>
  (await import("@/app/hub/dashboard/billing/invoices/[id]/pdf/route")).GET(
    new Request(`http://hub.localhost/dashboard/billing/invoices/${id}/pdf`),
    { params: Promise.resolve({ id }) },
  );
const adminRoute = async (id: string) =>
  (await import("@/app/hub/admin/payments/invoices/[id]/pdf/route")).GET(
    new Request(`http://hub.localhost/admin/payments/invoices/${id}/pdf`),
    { params: Promise.resolve({ id }) },
  );

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** What a forbidden() or redirect() of Next threw (its digest), else the error itself. */
const interrupt = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (e: { digest?: string }) => e.digest ?? e,
  );

/** The session's facts as a route hands them over: the account and when the session was last strongly confirmed. */
const viewerOf = (user: { id: number; staffRole: "user" | "admin" | "super_admin" }, strongAuthAt: Date | null) => ({
  user: { id: user.id, staffRole: user.staffRole },
  session: { strongAuthAt },
});
const HOUR = 3_600_000;

describe("invoicePdfForViewer", () => {
  it("gives the owner their own invoice, rendered on demand", async () => {
    const { customer, invoice } = await customerWithInvoice();
    const pdf = await invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(customer, null) });
    expect(pdf.filename).toBe(`${invoice.number}.pdf`);
    expect(await pdfTextOf(pdf.bytes)).toContain(invoice.number);
  });

  it("hides another customer's invoice (404), also from members of staff without billing:manage", async () => {
    const { invoice } = await customerWithInvoice();
    const stranger = await seedUser();
    const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage", "companies:write"] });
    const retired = await seedUser({ staffRole: "super_admin", isActive: false });
    for (const viewer of [stranger, staff, retired])
      expect((await refusal(invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(viewer, new Date()) }))).status).toBe(404);
  });

  it("gives any invoice to staff with billing:manage and to an active super-admin, only from a strongly confirmed session", async () => {
    const { invoice } = await customerWithInvoice();
    for (const viewer of [
      await seedUser({ staffRole: "admin", permissions: ["billing:manage"] }),
      await seedUser({ staffRole: "super_admin" }),
    ]) {
      expect((await invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(viewer, new Date()) })).filename).toBe(
        `${invoice.number}.pdf`,
      );
      expect((await refusal(invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(viewer, null) }))).status).toBe(404);
    }
  });

  it("decides itself whether a staff session is confirmed, with the admin area's rule: 12 hours, then a passkey or app code again", async () => {
    const { invoice } = await customerWithInvoice();
    const billing = await seedUser({ staffRole: "admin", permissions: ["billing:manage"] });
    const now = new Date();
    expect(
      (await invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(billing, new Date(now.getTime() - 11 * HOUR)), now })).filename,
    ).toBe(`${invoice.number}.pdf`);
    expect(
      (await refusal(invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(billing, new Date(now.getTime() - 13 * HOUR)), now })))
        .status,
    ).toBe(404);
    // A customer account never counts as confirmed staff, however freshly its session was confirmed.
    const customer = await seedUser({ permissions: ["billing:manage"] });
    expect((await refusal(invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(customer, now), now }))).status).toBe(404);
  });

  it("serves a provider invoice's stored PDF, and 404 while none is stored", async () => {
    const customer = await seedUser();
    const bytes = Buffer.from("%PDF-1.4 provider copy");
    setFileStorageForTests({
      put: async () => {},
      get: async (key) => (key === "invoices/str-x.pdf" ? { bytes, contentType: "application/pdf" } : null),
      delete: async () => {},
      list: diskStorage.list,
    });
    const base = { kind: "stripe" as const, userId: customer.id, status: "paid" as const, amountCents: 4_900, taxCents: 931 };
    const stored = await db.invoice.create({
      data: { ...base, number: unique("STR-2026"), stripeInvoiceId: unique("in"), pdfPath: "invoices/str-x.pdf" },
    });
    const bare = await db.invoice.create({ data: { ...base, number: unique("STR-2026"), stripeInvoiceId: unique("in") } });
    const lost = await db.invoice.create({
      data: { ...base, number: unique("STR-2026"), stripeInvoiceId: unique("in"), pdfPath: "invoices/gone.pdf" },
    });
    expect(Buffer.from((await invoicePdfForViewer({ invoiceId: stored.id, viewer: viewerOf(customer, null) })).bytes).equals(bytes)).toBe(
      true,
    );
    for (const invoice of [bare, lost])
      expect((await refusal(invoicePdfForViewer({ invoiceId: invoice.id, viewer: viewerOf(customer, null) }))).status).toBe(404);
  });
});

describe("GET /dashboard/billing/invoices/[id]/pdf (me.invoices.manual-pdf)", () => {
  it("answers the owner with the PDF: inline, named by number, never cached", async () => {
    const { customer, invoice } = await customerWithInvoice();
    await signIn(customer.id);
    const res = await customerRoute(String(invoice.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${invoice.number}.pdf"`);
    expect(await pdfTextOf(new Uint8Array(await res.arrayBuffer()))).toContain(invoice.number);
  });

  it("answers another customer 404 without bytes of the invoice", async () => {
    const { invoice } = await customerWithInvoice();
    await signIn((await seedUser()).id);
    const res = await customerRoute(String(invoice.id));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("pdf");
    expect(await res.text()).not.toContain("%PDF");
  });

  it("serves another customer's invoice to billing:manage staff only once the session is strongly confirmed", async () => {
    const { invoice } = await customerWithInvoice();
    for (const staff of [
      await seedUser({ staffRole: "admin", permissions: ["billing:manage"] }),
      await seedUser({ staffRole: "super_admin" }),
    ]) {
      // The attacker: the staff member's password alone, no passkey or app code.
      await signInPasswordOnly(staff.id);
      const refused = await customerRoute(String(invoice.id));
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain("%PDF");
      await signIn(staff.id);
      expect((await customerRoute(String(invoice.id))).status).toBe(200);
    }
  });

  it("answers 404 to ids that are no ids, and sends a visitor without session to sign in", async () => {
    const { customer } = await customerWithInvoice();
    await signIn(customer.id);
    for (const id of ["abc", "0", "-1", "1e3", "99999999999", "2147483648", "0x10"]) expect((await customerRoute(id)).status, id).toBe(404);
    signOut();
    expect(await interrupt(customerRoute("1"))).toMatch(/^NEXT_REDIRECT;.*\/login;/);
  });
});

describe("GET /admin/payments/invoices/[id]/pdf (admin.invoices.pdf)", () => {
  it("serves any customer's invoice to staff with billing:manage", async () => {
    const { invoice } = await customerWithInvoice();
    await signIn((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    const res = await adminRoute(String(invoice.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await adminRoute("nope")).status).toBe(404);
  });

  it("sends a staff session without the strong confirmation to confirm first", async () => {
    const { invoice } = await customerWithInvoice();
    await signInPasswordOnly((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    expect(await interrupt(adminRoute(String(invoice.id)))).toMatch(/^NEXT_REDIRECT;.*\/admin\/confirm;/);
  });

  it("answers 403 to staff without billing:manage and to customers, even for their own invoice", async () => {
    const { customer, invoice } = await customerWithInvoice();
    await signIn((await seedUser({ staffRole: "admin", permissions: ["users:manage"] })).id);
    expect(await interrupt(adminRoute(String(invoice.id)))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signIn(customer.id);
    expect(await interrupt(adminRoute(String(invoice.id)))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
  });
});
