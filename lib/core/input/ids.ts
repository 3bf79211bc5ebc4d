import { z } from "zod";

// Record ids are PostgreSQL `integer` columns. An id from outside (a path, a body, a form, a
// server action's argument) that cannot be one names nothing: it must never reach a query,
// where the database would refuse it as out of range.

export const MAX_RECORD_ID = 2_147_483_647;

export function isRecordId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID;
}

/** A decimal id as it appears in a path or form field (`42`, never `0x2a`, `4.2e1` or ` 42`). */
export function parseRecordId(raw: unknown): number | null {
  if (typeof raw === "number") return isRecordId(raw) ? raw : null;
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return isRecordId(id) ? id : null;
}

/** An id in a JSON body. */
export const RecordId = z.int().min(1).max(MAX_RECORD_ID);

/** An id in a path or query string, read as parseRecordId reads it; anything else fails the schema. */
export const RecordIdParam = z.preprocess((v) => (typeof v === "string" ? (parseRecordId(v) ?? v) : v), RecordId);
