/**
 * Runs a write whose failure must never abort the business action (spec 6.1: event logs,
 * conversion events, fetch logs). A failure is logged with the error's last line only: Prisma's first
 * lines quote the call with its arguments, which may hold personal data.
 */
export async function bestEffort(what: string, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    console.warn(`${what} failed:`, err instanceof Error ? err.message.trim().split("\n").at(-1) : "unknown error");
    return false;
  }
}
