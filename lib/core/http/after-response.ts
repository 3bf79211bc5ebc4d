import { after } from "next/server";

/**
 * Runs best-effort bookkeeping after the response is sent. Outside a Next request (a console
 * command, a test calling a handler) there is no response to wait for, so it runs right away.
 */
export function afterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
