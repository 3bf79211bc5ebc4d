"use client";

import { useActionState } from "react";

export type Counted<S> = S & { attempt: number };

/**
 * useActionState for the security forms. Each answer carries a running number the form uses
 * as its key, so after every answer the form starts clean (typed codes and passwords gone)
 * and shows the values the server echoed. The previous state stays in the browser: it holds
 * secrets (recovery codes, a new token) and is never sent back to the server.
 */
export function useFormAction<S extends object>(action: (prev: null, form: FormData) => Promise<S>) {
  return useActionState<Counted<S> | null, FormData>(
    async (prev, form) => ({ ...(await action(null, form)), attempt: (prev?.attempt ?? 0) + 1 }),
    null,
  );
}
