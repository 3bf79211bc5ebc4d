import type { Customer } from "@/lib/admin/payments-overview";

/** Name and sign-in address of the account a row belongs to. */
export function CustomerCell({ customer }: { customer: Customer }) {
  return (
    <>
      {customer.name}
      <div className="meta" style={{ overflowWrap: "anywhere" }}>{customer.email}</div>
    </>
  );
}
