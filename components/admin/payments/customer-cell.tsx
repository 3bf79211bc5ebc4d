import type { Customer } from "@/lib/adapters/admin/payments-overview";
import styles from "./payments.module.css";

/** Name and sign-in address of the account a row belongs to. */
export function CustomerCell({ customer }: { customer: Customer }) {
  return (
    <>
      {customer.name}
      <div className={`meta ${styles.email}`}>{customer.email}</div>
    </>
  );
}
