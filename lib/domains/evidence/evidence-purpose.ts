import { AppError } from "@/lib/core/errors/errors";

/** Evidence is opened only for a stated purpose (spec 4.3), logged with the access. */
export function statedPurpose(raw: string): string {
  const purpose = raw.trim();
  if (purpose.length < 10)
    throw new AppError("validation_failed", "State the purpose of this access (at least 10 characters).", undefined, [
      { path: "purpose", message: "is required" },
    ]);
  if (purpose.length > 500)
    throw new AppError("validation_failed", "The purpose is too long (500 characters at most).", undefined, [
      { path: "purpose", message: "too long" },
    ]);
  return purpose;
}
