import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server HTML, true once React runs in the browser: buttons that need JavaScript wait for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
