import { Prisma } from "@/lib/generated/prisma/client";

/** The write broke a unique index (Prisma's P2002, or PostgreSQL's 23505 through the driver adapter). */
export function isUniqueViolation(err: unknown): err is Prisma.PrismaClientKnownRequestError {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (err.meta?.["driverAdapterError"] as { cause?: { originalCode?: string } } | undefined)?.cause;
  return err.code === "P2002" || cause?.originalCode === "23505";
}
