/**
 * One instance per server process. Next bundles each route (and each page's server actions)
 * with its own copy of a module, so a module-level `let` would give every route its own memory
 * store: a passkey challenge filed by the sign-in page's action would be missing in the
 * /api/auth route. Keyed on globalThis by a registered symbol, every copy finds the same one.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`pressdesk.${name}`);
  const g = globalThis as unknown as Record<symbol, T | undefined>;
  return (g[key] ??= create());
}
