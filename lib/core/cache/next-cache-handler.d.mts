export function tagTimes(): Map<string, number>;
export function removalTimes(): Map<string, number>;
export function isInvalidated(tags: string[], lastModified: number, times?: Map<string, number>): boolean;
export function isRemovedSince(tags: string[], lastModified: number): boolean;
export default class PublicCacheHandler {
  constructor(options?: { serverDistDir?: string });
  get(key: string, ctx?: unknown): Promise<{ value: unknown; lastModified: number } | null>;
  set(key: string, data: unknown, ctx?: unknown): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
