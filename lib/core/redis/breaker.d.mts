import type { Redis, RedisOptions } from "ioredis";

export const COMMAND_TIMEOUT_MS: number;
export const OPEN_MS: number;
export const REDIS_OPTIONS: RedisOptions;
export interface Breaker {
  /** True when this call may go to Redis (closed, or the one trial after the open period). */
  allow(): boolean;
  /** True while Redis is taken to be there (no failure since the last success). */
  isClosed(): boolean;
  failed(err: unknown): void;
  succeeded(): void;
  readonly openUntil: number;
}
export function breakerFor(url: string, now?: () => number): Breaker;
export function guarded<T>(client: Redis, breaker: Breaker, op: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
/** Resolves once the client's first connection is up (or its first attempt is over, at most the connect timeout). */
export function firstConnection(client: Redis): Promise<void>;
