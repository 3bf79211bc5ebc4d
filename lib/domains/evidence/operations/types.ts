import type { Tx } from "@/lib/core/db/client";
import type { ArchiveJobSubject } from "../jobs";

/**
 * One archive operation in two halves: `prepare` does the slow part (reading and hashing
 * stored files) outside any transaction; `record` writes the entries inside the transaction
 * that completes the job, re-reading the rows it records from there. Either throws
 * ArchiveJobError to fail the job with that message.
 */
export interface ArchiveOperationHandler<Prepared> {
  prepare(subject: ArchiveJobSubject): Promise<Prepared>;
  /** Returns how many entries it recorded (0 when all existed already). */
  record(tx: Tx, subject: ArchiveJobSubject, prepared: Prepared): Promise<number>;
}
