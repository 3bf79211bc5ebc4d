import { AppError } from "@/lib/core/errors/errors";
import { rateLimitHeaders } from "@/lib/core/http/route";
import { getLimiter } from "@/lib/core/ratelimit/limiter";

// What one process takes on at once. An upload holds its body (up to 16 MiB) and, while it waits
// for the image slot, its decoded working copy; the slot keeps the pixel work to one at a time
// (lib/domains/images/processing/sharp-setup.ts), these bounds keep the waiting in check. A permit is
// taken before the body is read, so a refused upload costs nothing but its headers.

/** Uploads of one person in progress at once (the dashboard sends one after the other). */
export const UPLOADS_PER_USER = 2;
/** Uploads in progress in this process, waiting ones included. */
export const UPLOADS_PER_PROCESS = 8;

const perUser = new Map<number, number>();
let total = 0;

export async function withUploadPermit<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= UPLOADS_PER_USER)
    throw new AppError(
      "rate_limited",
      "Your previous uploads are still being processed. Send the next one when they are done.",
      undefined,
      undefined,
      { "Retry-After": "5" },
    );
  if (total >= UPLOADS_PER_PROCESS)
    throw new AppError(
      "service_unavailable",
      "Many images are being processed right now. Please try again in a moment.",
      undefined,
      undefined,
      { "Retry-After": "10" },
    );
  perUser.set(userId, mine + 1);
  total++;
  try {
    return await fn();
  } finally {
    total--;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left) perUser.set(userId, left);
    else perUser.delete(userId);
  }
}

/**
 * The hourly budget of image work (uploads and corrections: each decodes and renders again), per
 * person across API tokens, the dashboard and the admin area.
 */
export async function takeImageWorkBudget(userId: number): Promise<void> {
  const result = await getLimiter("imageUploads").limit(`user:${userId}`);
  if (!result.success)
    throw new AppError(
      "rate_limited",
      "Too many image uploads or corrections in the last hour. Try again later.",
      undefined,
      undefined,
      rateLimitHeaders(result),
    );
}
