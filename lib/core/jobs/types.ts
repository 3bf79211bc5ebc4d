/** The subset of Inngest's step tools our jobs use; the local worker provides the same shape. */
export interface StepTools {
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export interface JobContext {
  step: StepTools;
  /** 1 on the first try. */
  attempt: number;
}

export interface JobDefinition<P = Record<string, unknown>> {
  /** Event name, e.g. `scheduler/heartbeat`; also the function id on Inngest (slashes become dashes). */
  name: string;
  /** Retries after the first failure (Inngest `retries`; the local worker honours it too). */
  retries: number;
  /**
   * Hard limit for one attempt, read when the attempt starts (it may come from configuration).
   * A claim older than this belongs to a process that died: the row is claimed again.
   */
  readonly timeoutSeconds: number;
  handler(payload: P, ctx: JobContext): Promise<unknown>;
}

export function defineJob<P extends Record<string, unknown>>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}

export interface Schedule {
  /** Cron expression, evaluated in the schedule's time zone. */
  cron: string;
  timezone: string;
  /** The job dispatched on each tick, with an empty payload. */
  job: string;
}
