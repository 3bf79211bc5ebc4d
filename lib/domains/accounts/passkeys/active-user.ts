import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";

export const isActiveUser = (u: { isActive: boolean; deletedAt: Date | null }) => u.isActive && !u.deletedAt;

/** The account a passkey ceremony is for; inactive and deleted accounts take part in none. */
export async function activeUserOrThrow(userId: number) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, locale: true, isActive: true, deletedAt: true },
  });
  if (!user || !isActiveUser(user)) throw new AppError("unauthenticated", "This account is not active.");
  return user;
}
